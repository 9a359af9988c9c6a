/**
 * Typing printable characters. In Chromium, inside text, the character is written into the
 * DOM, which carries the caret past it, and ProseMirror reads it back, so nothing sets the
 * selection on each key (there that costs a walk over the whole editable's text while a key is
 * handled). Everything else a key types goes as a transaction. Either way the document, the
 * DOM and the caret agree, marks follow ProseMirror's rules, input rules apply and a host's
 * plugin can refuse the change.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { Plugin } from 'prosemirror-state';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { pressWith } from '../helpers/editor.js';
import { caretAfter, content } from '../helpers/element-ui.js';
import { itIn } from '../helpers/engine.js';

async function editor(value: string, extensions: unknown[] = []): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .extensions=${extensions} .value=${value} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  return el;
}

/**
 * The DOM selection's focus as a document position, and whether it is collapsed. Read through
 * the composed range where the browser has one: WebKit gives the document's selection with its
 * ends moved out of the shadow tree.
 */
function domCaret(el: RichEditor): { head: number; collapsed: boolean } {
  const view = el.editorView!;
  const root = view.root as ShadowRoot;
  const selection = document.getSelection()! as Selection & { getComposedRanges?: (options: { shadowRoots: ShadowRoot[] }) => StaticRange[] };
  const range: AbstractRange = selection.getComposedRanges?.({ shadowRoots: [root] })[0] ?? (root as unknown as Document).getSelection()!.getRangeAt(0);
  return { head: view.posAtDOM(range.endContainer, range.endOffset), collapsed: range.collapsed };
}

/** The DOM caret is where the state's selection is. */
function expectCaretInPlace(el: RichEditor, what = 'the DOM caret'): void {
  expect(domCaret(el).head, what).to.equal(el.editorView!.state.selection.head);
}

const SETTERS = ['collapse', 'setPosition', 'setBaseAndExtent', 'addRange', 'removeAllRanges', 'extend', 'collapseToStart', 'collapseToEnd', 'selectAllChildren'] as const;

/** Counts the calls that set the DOM selection while `act` runs. */
async function selectionSets(act: () => Promise<void>): Promise<string[]> {
  const calls: string[] = [];
  const proto = Selection.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = SETTERS.map((name) => [name, proto[name]] as const);
  for (const [name, original] of originals) {
    proto[name] = function (this: Selection, ...args: unknown[]) {
      calls.push(name);
      return original.apply(this, args);
    };
  }
  try {
    await act();
  } finally {
    for (const [name, original] of originals) proto[name] = original;
  }
  return calls;
}

describe('typing', () => {
  itIn(['chromium'], 'Firefox and WebKit type as a transaction, which sets the selection (cheap there)', 'types inside text without setting the selection, the caret carried past each character', async () => {
    const el = await editor('<p>Hello world</p><p>Second <em>line</em> here</p>');
    await caretAfter(el, 'Hello');
    const view = el.editorView!;
    const sets = await selectionSets(() => sendKeys({ type: ', dear' }));
    expect(sets, 'selection setters called').to.deep.equal([]);
    expect(el.getHTML()).to.equal('<p>Hello, dear world</p><p>Second <em>line</em> here</p>');
    expect(content(el).children[0].textContent).to.equal('Hello, dear world');
    expect(view.state.selection.head).to.equal(1 + 'Hello, dear'.length);
    expect(domCaret(el)).to.deep.equal({ head: view.state.selection.head, collapsed: true });
    // Inside a mark, at the end of its text: the characters join it.
    await caretAfter(el, 'line');
    const inMark = await selectionSets(() => sendKeys({ type: 'ks' }));
    expect(inMark, 'selection setters called in a mark').to.deep.equal([]);
    expect(el.getHTML()).to.equal('<p>Hello, dear world</p><p>Second <em>lineks</em> here</p>');
    expectCaretInPlace(el);
    // Still one document the two agree on: the next keys go on from there.
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: 'e' });
    expect(el.getHTML()).to.equal('<p>Hello, dear world</p><p>Second <em>lineke</em> here</p>');
  });

  it('types inside a heading, a list item, a quote, a table cell and a code block', async () => {
    const el = await editor(
      '<h2>Title</h2><ul><li><p>item</p></li></ul><blockquote><p>quoted</p></blockquote>' +
        '<table><tbody><tr><td><p>cell</p></td><td><p>next</p></td></tr></tbody></table>' +
        '<pre><code>let code</code></pre><p>end</p>',
    );
    for (const [after, typed] of [['Tit', 'XY'], ['ite', 'XY'], ['quo', 'XY'], ['cel', 'XY'], ['let', 'XY']]) {
      await caretAfter(el, after);
      await sendKeys({ type: typed });
      expectCaretInPlace(el, `the caret after typing in "${after}"`);
    }
    const texts = [...content(el).querySelectorAll('h2, li, blockquote, td, pre')].map((node) => node.textContent);
    expect(texts).to.deep.equal(['TitXYle', 'iteXYm', 'quoXYted', 'celXYl', 'next', 'letXY code']);
    expect(el.editorView!.state.doc.textContent).to.equal('TitXYleiteXYmquoXYtedcelXYlnextletXY codeend');
  });

  it('turns a paragraph into a heading, a list, a numbered list and a quote as their markdown is typed', async () => {
    const el = await editor('<p>start</p>');
    await caretAfter(el, 'start');
    await sendKeys({ press: 'Enter' });
    // Each line, then the Enters that leave its block for a new paragraph (one after a heading, two out of a list).
    for (const [line, enters] of [['## Title', 1], ['- item', 2], ['1. first', 2], ['> quoted', 0]] as const) {
      await sendKeys({ type: line });
      expectCaretInPlace(el, `the caret after "${line}"`);
      for (let i = 0; i < enters; i++) await sendKeys({ press: 'Enter' });
    }
    expect(el.getHTML()).to.equal(
      '<p>start</p><h2>Title</h2><ul><li><p>item</p></li></ul><ol><li><p>first</p></li></ol><blockquote><p>quoted</p></blockquote>',
    );
  });

  it('types after a character of two code units (an emoji) before the caret', async () => {
    const el = await editor('<p>a👍b</p>');
    await caretAfter(el, 'a👍');
    await sendKeys({ type: 'xy' });
    expect(el.getHTML()).to.equal('<p>a👍xyb</p>');
    expect(content(el).children[0].textContent).to.equal('a👍xyb');
    expectCaretInPlace(el);
  });

  it('undoes typed text as one step and redoes it', async () => {
    const el = await editor('<p>Hello world</p>');
    await caretAfter(el, 'Hello');
    await sendKeys({ type: ' there' });
    expect(el.getHTML()).to.equal('<p>Hello there world</p>');
    await pressWith('z', 'Control');
    expect(el.getHTML()).to.equal('<p>Hello world</p>');
    await pressWith('z', 'Control', 'Shift');
    expect(el.getHTML()).to.equal('<p>Hello there world</p>');
    expectCaretInPlace(el);
  });

  it('types after a link outside it, and with marks asked for before the first character', async () => {
    const el = await editor('<p>see <a href="https://example.com/">link</a> now</p>');
    await caretAfter(el, 'link');
    await sendKeys({ type: 's' });
    const link = content(el).querySelector('a')!;
    expect(link.textContent, 'the link not extended').to.equal('link');
    expect(content(el).children[0].textContent).to.equal('see links now');
    await caretAfter(el, 'now');
    await pressWith('b', 'Control');
    await sendKeys({ type: '!!' });
    expect(content(el).querySelector('strong')?.textContent).to.equal('!!');
    expect(content(el).children[0].textContent).to.equal('see links now!!');
    expectCaretInPlace(el);
  });

  it('goes on in the marks of the line after Enter, in a list item too; inline code stays behind', async () => {
    const el = await editor('<p>intro</p><ul><li><p>item</p></li></ul>');
    await caretAfter(el, 'intro');
    await pressWith('b', 'Control');
    await sendKeys({ type: ' bold' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'still' });
    await caretAfter(el, 'item');
    await pressWith('i', 'Control');
    await sendKeys({ type: ' it' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'next' });
    await pressWith('e', 'Control');
    await sendKeys({ type: 'x=1' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'plain' });
    expect(el.getHTML()).to.equal(
      '<p>intro<strong> bold</strong></p><p><strong>still</strong></p><ul><li><p>item<em> it</em></p></li><li><p><em>next</em><code>x=1</code></p></li><li><p>plain</p></li></ul>',
    );
    expectCaretInPlace(el);
  });

  it('draws code without spell checking, in HTML written without it, and types inside inline code and after it', async () => {
    const el = await editor('<p>run <code>npm test</code> now</p><pre><code>let x = 1;</code></pre>');
    const inline = content(el).querySelector('p code') as HTMLElement;
    expect(inline.spellcheck, 'inline code').to.equal(false);
    expect((content(el).querySelector('pre') as HTMLElement).spellcheck, 'a code block').to.equal(false);
    expect((content(el).querySelector('p') as HTMLElement).spellcheck, 'the text around').to.equal(true);
    await caretAfter(el, 'npm');
    await sendKeys({ type: ' run' });
    await caretAfter(el, ' now');
    await sendKeys({ type: '!' });
    expect(el.getHTML()).to.equal('<p>run <code>npm run test</code> now!</p><pre data-language="plaintext"><code class="language-plaintext">let x = 1;</code></pre>');
    expectCaretInPlace(el);
  });

  it('applies typography and input rules to text typed inside a paragraph', async () => {
    const el = await editor('<p>Hello world</p>');
    await caretAfter(el, 'Hello');
    await sendKeys({ type: ' -- (c)x' });
    expect(el.getHTML()).to.equal('<p>Hello — ©x world</p>');
    expectCaretInPlace(el);
    await sendKeys({ type: 'y' });
    expect(el.getHTML()).to.equal('<p>Hello — ©xy world</p>');
  });

  it('leaves text and caret as they were when a plugin of the host refuses the change', async () => {
    let refuse = false;
    const guard = { name: 'guard', plugins: () => [new Plugin({ filterTransaction: (tr) => !(refuse && tr.docChanged) })] };
    const el = await editor('<p>Hello world</p>', [guard]);
    await caretAfter(el, 'Hello');
    refuse = true;
    await sendKeys({ type: 'abc' });
    expect(el.getHTML()).to.equal('<p>Hello world</p>');
    expect(content(el).children[0].textContent, 'the text on the page').to.equal('Hello world');
    expect(domCaret(el)).to.deep.equal({ head: 6, collapsed: true });
    refuse = false;
    await sendKeys({ type: 'd' });
    expect(el.getHTML()).to.equal('<p>Hellod world</p>');
    expect(content(el).children[0].textContent).to.equal('Hellod world');
  });
});
