/**
 * A host's block through the extension API: the example callout (src/extensions/callout.ts)
 * on a <rich-editor>, driven with real keys, clicks and ClipboardEvents. It round-trips
 * HTML, JSON and markdown, is inserted from the slash menu and the toolbar's block menu,
 * toggles by name (run('callout.toggle')), undoes as one step and survives copy and paste.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { blocks } from '../../src/core/index.js';
import { editorSetup } from '../../src/core/extensions/setup.js';
import { setLogger } from '../../src/core/log.js';
import type { NodeDefinition } from '../../src/core/extensions/types.js';
import { parseJSON } from '../../src/core/serialize/json.js';
import { parseMarkdownNow } from '../../src/core/serialize/markdown-parse.js';
import { callout } from '../../src/extensions/callout.js';
import { TextSelection } from 'prosemirror-state';
import { nextFrame, pressWith } from '../helpers/editor.js';
import { content } from '../helpers/element-ui.js';
import { blockButton, click, listbox, placedToolbar, selectWithKeys, settle, until } from './toolbar/helpers.js';
import { clipboardEvent } from '../helpers/clipboard.js';
import { installFakeClock, type FakeClock } from '../helpers/fake-clock.js';

// The toolbar test runs the toolbar's update window on a fake clock (the other tests keep the real
// one). This top-level hook runs after @open-wc/testing's fixture cleanup (registered when it is
// imported), so the elements leave the page while their timers are still on that clock.
let clock: FakeClock | null = null;
afterEach(() => {
  clock?.uninstall();
  clock = null;
});

const WARNING = '<aside class="callout" data-kind="warning"><p>Mind the <strong>gap</strong></p></aside>';

async function editor(value: string, extensions: unknown[] = [callout]): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .extensions=${extensions} .value=${value} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  return el;
}

function slashOptions(el: RichEditor): string[] {
  const menu = el.shadowRoot!.querySelector('rich-editor-slash-menu')!;
  return Array.from(menu.querySelectorAll('[role="option"]'), (option) => option.shadowRoot!.querySelector('.label')!.textContent ?? '');
}

describe('an extension block (the callout)', () => {
  it('round-trips HTML, JSON and markdown', async () => {
    const el = await editor(`<p>before</p>${WARNING}`);
    const schema = el.editorView!.state.schema;
    expect(schema.nodes.callout).to.not.equal(undefined);
    expect(el.getHTML()).to.equal(`<p>before</p>${WARNING}`);
    expect(parseJSON(el.getJSON(), { schema }).eq(el.editorView!.state.doc)).to.equal(true);
    const markdown = el.getMarkdown();
    expect(markdown).to.equal('before\n\n> [!WARNING]\n> Mind the **gap**');
    expect(parseMarkdownNow(markdown, schema).eq(el.editorView!.state.doc)).to.equal(true);
    expect(parseMarkdownNow('> [!TIP]\n> Done', schema).firstChild!.attrs.kind).to.equal('success');
    expect(parseMarkdownNow('> plain quote', schema).firstChild!.type.name).to.equal('blockquote');
  });

  it('is inserted from the slash menu, with its icon, and undoes as one step', async () => {
    const el = await editor('<p>Remember this</p>');
    content(el).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' /call' });
    await until(() => slashOptions(el).includes('Callout'), 'the callout entry is offered');
    const menu = el.shadowRoot!.querySelector('rich-editor-slash-menu')!;
    expect(menu.querySelector('[role="option"] svg circle'), 'its "info" icon, not the fallback plus').to.not.equal(null);
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.equal('<aside class="callout" data-kind="info"><p>Remember this </p></aside>');
    await sendKeys({ type: '!' });
    expect(el.getHTML()).to.equal('<aside class="callout" data-kind="info"><p>Remember this !</p></aside>');
    await pressWith('z', 'Control');
    await pressWith('z', 'Control');
    expect(el.getHTML(), 'one undo for the typing, one for the callout').to.equal('<p>Remember this /call</p>');
  });

  it("toggles by name: run('callout.toggle') wraps the selected blocks, lifts them out again, one undo step each", async () => {
    const el = await editor('<p>one</p><p>two</p><p>three</p>');
    const view = el.editorView!;
    view.focus();
    // From inside "one" to inside "two".
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 2, 7)));
    expect(el.run('callout.toggle')).to.equal(true);
    expect(el.getHTML()).to.equal('<aside class="callout" data-kind="info"><p>one</p><p>two</p></aside><p>three</p>');
    // The caret at the end of "two" alone: the callout is split around it.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 10)));
    expect(el.run('callout.toggle')).to.equal(true);
    expect(el.getHTML()).to.equal('<aside class="callout" data-kind="info"><p>one</p></aside><p>two</p><p>three</p>');
    await pressWith('z', 'Control');
    expect(el.getHTML(), 'one undo step').to.equal('<aside class="callout" data-kind="info"><p>one</p><p>two</p></aside><p>three</p>');
    await sendKeys({ type: '!' });
    expect(el.getHTML(), 'the caret stayed in its text').to.equal('<aside class="callout" data-kind="info"><p>one</p><p>two!</p></aside><p>three</p>');
    // Where a callout cannot go (a list item starts with its paragraph), it does not apply.
    el.value = '<ul><li><p>item</p></li></ul>';
    await el.updateComplete;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 4)));
    expect(el.run('callout.toggle')).to.equal(false);
    expect(el.getHTML()).to.equal('<ul><li><p>item</p></li></ul>');
  });

  it('is offered in the toolbar block menu, which names it once chosen', async () => {
    const fake = (clock = installFakeClock());
    const el = await editor('<p>Plain words</p>');
    await selectWithKeys(el, 'words');
    await settle(el, fake);
    await placedToolbar(el);
    await click(blockButton(el));
    await until(() => !!listbox(el), 'menu open');
    const entry = Array.from(listbox(el)!.querySelectorAll<HTMLElement>('[role="option"]')).find((o) => o.textContent!.trim() === 'Callout');
    expect(entry, 'a Callout entry after the built-in ones').to.not.equal(undefined);
    await click(entry!);
    expect(el.getHTML()).to.equal('<aside class="callout" data-kind="info"><p>Plain words</p></aside>');
    await until(() => blockButton(el).textContent!.trim() === 'Callout', 'the button names the block');
  });

  it('survives copy and paste into another editor with the extension', async () => {
    const from = await editor(WARNING);
    const to = await editor('<p></p>');
    content(from).focus();
    await pressWith('a', 'Control');
    await pressWith('a', 'Control');
    const copy = new DataTransfer();
    content(from).dispatchEvent(clipboardEvent('copy', { clipboardData: copy, bubbles: true, cancelable: true }));
    expect(copy.getData('text/html')).to.contain('data-kind="warning"');
    content(to).focus();
    content(to).dispatchEvent(clipboardEvent('paste', { clipboardData: copy, bubbles: true, cancelable: true }));
    expect(to.getHTML()).to.equal(WARNING);
  });

  it('shows with its own styles, and a plain page can add it after the editor started', async () => {
    const el = await editor(WARNING, []);
    expect(el.getHTML(), 'without the extension, the content is kept as a paragraph').to.equal('<p>Mind the <strong>gap</strong></p>');
    el.value = WARNING;
    el.extensions = [callout];
    await el.updateComplete;
    expect(el.getHTML()).to.equal(WARNING);
    const aside = content(el).querySelector('aside.callout')!;
    expect(getComputedStyle(aside).borderLeftWidth).to.equal('4px');
  });

  it('keeps the caret where it was when an extension arrives mid-edit, as from a host that loads one later', async () => {
    const el = await editor('<p>hello world</p><p>second</p>', []);
    content(el).focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    el.extensions = [callout];
    await el.updateComplete;
    // Before: the rebuilt editor put the caret at the document's start, and this went there.
    await sendKeys({ type: '#' });
    expect(el.getHTML()).to.equal('<p>hello wor#ld</p><p>second</p>');
    // A selection stays selected: the whole document (the first Ctrl+A takes the line, the second all of it), which Delete then takes.
    await pressWith('a', 'Control');
    await pressWith('a', 'Control');
    el.extensions = [];
    await el.updateComplete;
    await sendKeys({ press: 'Delete' });
    expect(el.getHTML(), 'the selection kept across the rebuild').to.equal('');
  });

  it('lets the selection toolbar go with the editor it was placed for when an extension arrives, with nothing thrown', async () => {
    const el = await editor('<p>some words here</p>', []);
    await selectWithKeys(el, 'words');
    await placedToolbar(el);
    el.extensions = [callout];
    await el.updateComplete;
    // The toolbar's placement keeps measuring its reference a frame at a time: the old editor's
    // range, which used to throw from the destroyed view (the console guard fails the test).
    await nextFrame();
    await nextFrame();
    await sendKeys({ type: 'x' });
    expect(el.getHTML()).to.equal('<p>some x here</p>');
  });

  it('brings back a block set with setValue() when the extension that knows it is added again', async () => {
    const el = await editor('<p>Before</p>', [callout]);
    el.setValue(`<p>x</p>${WARNING}`);
    el.extensions = [];
    await el.updateComplete;
    expect(el.getHTML(), 'without the extension').to.equal('<p>x</p><p>Mind the <strong>gap</strong></p>');
    el.extensions = [callout];
    await el.updateComplete;
    expect(el.getHTML(), 'the block back, the content unedited since').to.equal(`<p>x</p>${WARNING}`);
  });

  it('reads a value set right after the extensions with them, in the same task (the docs\' plain-page order)', async () => {
    const el = await editor('<p>Before</p>', []);
    el.extensions = [callout];
    el.value = WARNING;
    expect(el.getHTML(), 'getHTML in the same task').to.equal(WARNING);
    expect(el.value).to.equal(WARNING);
    await el.updateComplete;
    expect(el.getHTML()).to.equal(WARNING);
    expect(content(el).querySelector('aside.callout'), 'drawn as the block').to.not.equal(null);
  });
});

describe('the built-in blocks, written with the same API', () => {
  it("every built-in node type carries its definition, and the element's CSS and menus come from them", async () => {
    const el = await editor('<blockquote><p>a</p></blockquote>', []);
    const schema = el.editorView!.state.schema;
    for (const [name, def] of Object.entries({ paragraph: blocks.paragraph, heading: blocks.heading, blockquote: blocks.blockquote, code_block: blocks.codeBlock, table: blocks.table, image: blocks.image, mention: blocks.mention })) {
      expect((schema.nodes[name].spec as { definition?: unknown }).definition, name).to.equal(def);
    }
    // The quote's look is its definition's CSS.
    expect(getComputedStyle(content(el).querySelector('blockquote')!).borderLeftWidth).to.equal('3px');
  });

  it('a host replaces a built-in block from its definition: its styles win, its keys are its own, the rest is kept', async () => {
    const pullQuote: NodeDefinition = {
      ...blocks.blockquote,
      keys: undefined,
      styles: '.content blockquote { border-left: 0; font-style: italic; }',
    };
    const el = await editor('<blockquote><p>Quoted</p></blockquote><p>plain</p>', [{ name: 'pullQuote', nodes: [pullQuote] }]);
    const quote = content(el).querySelector('blockquote')!;
    expect(getComputedStyle(quote).borderLeftWidth, 'the host rule, as specific as the built-in one, wins').to.equal('0px');
    expect(getComputedStyle(quote).fontStyle).to.equal('italic');
    expect(el.getMarkdown()).to.equal('> Quoted\n\nplain');
    // Its keys are gone (no Mod-Shift-b), its input rule and slash entry are kept.
    content(el).focus();
    await pressWith('End', 'Control');
    await pressWith('b', 'Control', 'Shift');
    expect(el.getHTML()).to.equal('<blockquote><p>Quoted</p></blockquote><p>plain</p>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: '> new' });
    expect(el.getHTML()).to.equal('<blockquote><p>Quoted</p></blockquote><p>plain</p><blockquote><p>new</p></blockquote>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: '/quo' });
    await until(() => slashOptions(el).length > 0, 'the slash menu opens');
    expect(slashOptions(el)).to.deep.equal(['Quote']);
  });
});

describe('a built-in block with options', () => {
  it('heading.configure({ levels: [1, 2] }): `## ` makes a heading, `### ` stays text, the slash menu offers two', async () => {
    const el = await editor('<p></p>', [{ name: 'headings', nodes: [blocks.heading.configure({ levels: [1, 2] })] }]);
    content(el).focus();
    await sendKeys({ type: '## Two' });
    expect(el.getHTML()).to.equal('<h2>Two</h2>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: '### Three' });
    expect(el.getHTML()).to.equal('<h2>Two</h2><p>### Three</p>');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: '/head' });
    await until(() => slashOptions(el).length > 0, 'the slash menu opens');
    expect(slashOptions(el)).to.deep.equal(['Heading 1', 'Heading 2']);
  });
});

describe('extension safety', () => {
  it('cleans a host node\'s attributes by their kinds, and its render through the safe-DOM rules', async () => {
    const card: NodeDefinition = {
      name: 'card',
      group: 'block',
      content: 'paragraph+',
      attrs: { link: { type: 'url' }, tone: { type: 'enum', values: ['calm', 'loud'], default: 'calm' } },
      parseDOM: [{ tag: 'section', getAttrs: (dom) => ({ link: dom.getAttribute('data-link'), tone: dom.getAttribute('data-tone') }) }],
      toDOM: (node) => ['section', { 'data-tone': node.attrs.tone, onclick: 'alert(1)', style: 'color: red; background: url(https://evil.example/x)' }, ['a', { href: node.attrs.link || 'javascript:alert(2)' }, 'open'], ['script', 'alert(3)'], ['div', 0]],
    };
    const el = await editor('<section data-link="javascript:alert(1)" data-tone="shout"><p>x</p></section>', [card]);
    const node = el.editorView!.state.doc.firstChild!;
    expect(node.type.name).to.equal('card');
    expect(node.attrs).to.deep.equal({ link: '', tone: 'calm' });
    const out = el.getHTML();
    expect(out).to.not.match(/onclick|javascript:|url\(|<script/i);
    expect(out).to.contain('style="color: red;"');
  });

  it('refuses a data-form mapping into a handler or style attribute, and an unsafe tag', () => {
    const base = { group: 'block', content: 'paragraph+', attrs: { tone: { type: 'text' as const } } };
    expect(() => editorSetup([{ ...base, name: 'a1', html: { tag: 'div', attrs: { tone: 'onclick' } } }])).to.throw(RangeError, /data- attribute/);
    expect(() => editorSetup([{ ...base, name: 'a2', html: { tag: 'div', attrs: { tone: 'style' } } }])).to.throw(RangeError);
    expect(() => editorSetup([{ ...base, name: 'a3', html: { tag: 'iframe' } }])).to.throw(RangeError, /not one of the tags/);
    expect(() => editorSetup([{ ...base, name: 'bad name', html: { tag: 'div' } }])).to.throw(RangeError, /name/);
  });

  it('refuses keys, plugins or input rules given as values instead of functions, naming the extension', () => {
    expect(() => editorSetup([{ name: 'k', keys: { 'Mod-k': () => true } } as never])).to.throw(RangeError, 'Extension "k": keys is a function of the extension\'s context (({ schema }) => …), not a value of type object');
    expect(() => editorSetup([{ name: 'p', plugins: [] } as never])).to.throw(RangeError, 'Extension "p": plugins is a function of the extension\'s context (({ schema }) => …), not a list');
  });

  it('writes a node without a markdown rule as its HTML, which reads back', async () => {
    const badge: NodeDefinition = { name: 'badge', group: 'block', content: 'inline*', attrs: { tone: { type: 'enum', values: ['a', 'b'], default: 'a' } }, html: { tag: 'div', attrs: { tone: 'data-badge' } } };
    const el = await editor('<div data-badge="b">New</div><p>after</p>', [badge]);
    const markdown = el.getMarkdown();
    expect(markdown).to.equal('```html rich-editor\n<div data-badge="b">New</div>\n```\n\nafter');
    expect(parseMarkdownNow(markdown, el.editorView!.state.schema).eq(el.editorView!.state.doc)).to.equal(true);
  });
});

describe('a bad extension among good ones', () => {
  it('is logged by name and left out; the others stay, with their blocks in the document', async () => {
    const logged: string[] = [];
    const previous = setLogger({ error: (message, cause) => logged.push(`${message}: ${(cause as Error | undefined)?.message ?? ''}`), warn: () => {} });
    try {
      const typo = { name: 'counter', nodes: [{ name: 'counter', group: 'block', atom: true, attrs: { n: { type: 'nmber' } }, html: { tag: 'div', class: 'counter' } }] };
      const el = await editor('<aside class="callout" data-kind="success"><p>note</p></aside>', [callout, typo]);
      expect(el.getHTML(), 'the callout kept').to.equal('<aside class="callout" data-kind="success"><p>note</p></aside>');
      expect(logged).to.deep.equal(['The extension "counter" could not be set up; the editor runs without it: Attribute "n": Unknown attribute kind "nmber"']);
    } finally {
      setLogger(previous);
    }
  });

  it('takes one extension given without a list as a list of one, and says so', async () => {
    const logged: string[] = [];
    const previous = setLogger({ error: (message) => logged.push(message), warn: () => {} });
    try {
      const el = await fixture<RichEditor>(html`<rich-editor .extensions=${callout as never} .value=${'<aside class="callout" data-kind="info"><p>one</p></aside>'}></rich-editor>`);
      await el.updateComplete;
      expect(el.getHTML()).to.equal('<aside class="callout" data-kind="info"><p>one</p></aside>');
      expect(logged[0]).to.equal('extensions takes a list of extensions: the extension "callout" is taken as a list of one');
    } finally {
      setLogger(previous);
    }
  });
});

describe('no extensions', () => {
  it('uses the built-in schema itself', async () => {
    const el = await editor('<p>x</p>', []);
    const { schema } = await import('../../src/core/schema/index.js');
    expect(el.editorView!.state.schema).to.equal(schema);
    await sendMouse({ type: 'move', position: [0, 0] });
  });
});
