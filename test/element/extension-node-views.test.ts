/**
 * Interactive blocks of extensions: the details example (src/extensions/details.ts: a node
 * view with a toggle button, its own keys, edge hooks, an HTML boolean attribute), a
 * plain-JS node view built with the `pm` an extension function gets (updateAttributes,
 * deleteNode, selected, subscribe, the abort signal), and where an extension's keys run
 * among the built-in ones. Driven with real keys and clicks.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ref } from 'lit/directives/ref.js';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import { litNodeView, type RichEditor } from '../../src/element/index.js';
import type { EditorExtension, ExtensionInput } from '../../src/core/extensions/types.js';
import type { NodeViewContext } from '../../src/core/extensions/node-view.js';
import { setLogger } from '../../src/core/log.js';
import { pm as editorPm } from '../../src/core/pm.js';
import { parseMarkdownNow } from '../../src/core/serialize/markdown-parse.js';
import { details } from '../../src/extensions/details.js';
import { cardBlock } from '../helpers/card-block.js';
import { focusSettled, pressWith } from '../helpers/editor.js';
import { content } from '../helpers/element-ui.js';
import { click, clickAt, textPoint, until } from './toolbar/helpers.js';

/** As HTML is written (innerHTML's form of a boolean attribute); `<details open>` reads the same. */
const OPEN = '<details open=""><summary>Title</summary><p>Inside</p></details>';
const CLOSED = '<details><summary>Title</summary><p>Inside</p></details>';

async function editor(value: string, extensions: readonly ExtensionInput[] = [details]): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .extensions=${extensions} .value=${value} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  return el;
}

const section = (el: RichEditor) => content(el).querySelector<HTMLElement>('.details')!;
const toggleButton = (el: RichEditor) => section(el).querySelector<HTMLButtonElement>('.details-toggle')!;
const body = (el: RichEditor) => section(el).querySelector<HTMLElement>('.details-content > p')!;

/** Puts the caret at the end of the first element matching `selector`, by ProseMirror's own position. */
function caretAtEnd(el: RichEditor, selector: string): void {
  const view = el.editorView!;
  const target = content(el).querySelector(selector)!;
  const pos = view.posAtDOM(target, target.childNodes.length);
  view.focus();
  view.dispatch(view.state.tr.setSelection(editorPm.state.TextSelection.create(view.state.doc, pos)));
}

describe('an interactive block (the details example)', () => {
  it('round-trips <details open> and <details> as an HTML boolean attribute, and its own markdown container', async () => {
    const el = await editor(`${OPEN.replace('open=""', 'open')}${CLOSED}`);
    expect(el.getHTML()).to.equal(`${OPEN}${CLOSED}`);
    const doc = el.editorView!.state.doc;
    expect([doc.child(0).attrs.open, doc.child(1).attrs.open]).to.deep.equal([true, false]);
    const markdown = el.getMarkdown();
    expect(markdown, 'its own markdown container').to.equal(':::details{open} Title\nInside\n:::\n\n:::details Title\nInside\n:::');
    const schema = el.editorView!.state.schema;
    expect(parseMarkdownNow(markdown, schema).eq(doc), 'which reads back').to.equal(true);
    // Sections nest, and the blocks inside are markdown as anywhere.
    const nested = parseMarkdownNow(':::details Outer **bold**\n- one\n\n:::details{open} Inner\ntext\n:::\n:::\n\nafter', schema);
    expect(nested.toString()).to.equal(
      'doc(details(details_summary("Outer ", bold("bold")), bullet_list(list_item(paragraph("one"))), details(details_summary("Inner"), paragraph("text"))), paragraph("after"))',
    );
  });

  it('opens and closes with a click on its toggle, keeps its view, and undoes as one step', async () => {
    const el = await editor(`<p>before</p>${OPEN}`);
    const view = section(el);
    expect(toggleButton(el).getAttribute('aria-expanded')).to.equal('true');
    expect(body(el).offsetHeight).to.be.greaterThan(0);
    content(el).focus();
    await click(toggleButton(el));
    expect(el.getHTML()).to.equal(`<p>before</p>${CLOSED}`);
    expect(toggleButton(el).getAttribute('aria-expanded')).to.equal('false');
    expect(body(el).offsetHeight, 'the inside is hidden').to.equal(0);
    expect(section(el), 'the same view, kept when only the attribute changed').to.equal(view);
    await pressWith('z', 'Control');
    expect(el.getHTML()).to.equal(`<p>before</p>${OPEN}`);
    expect(body(el).offsetHeight).to.be.greaterThan(0);
  });

  it('is made from the slash menu; Enter at the summary goes inside; its Mod-Enter beats the built-in line break', async () => {
    const el = await editor('<p></p>');
    content(el).focus();
    await sendKeys({ type: '/toggle' });
    await until(() => !!el.shadowRoot!.querySelector('rich-editor-slash-menu [role="option"]'), 'the slash menu offers the section');
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Title' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Inside' });
    expect(el.getHTML(), 'the empty paragraph the section was made with takes the text').to.equal(OPEN);
    // Mod-Enter inside the section closes it (the paragraph's own Mod-Enter would break the line), and the caret goes to the summary.
    await pressWith('Enter', 'Control');
    expect(el.getHTML()).to.equal(CLOSED);
    await sendKeys({ type: '!' });
    expect(el.getHTML()).to.equal('<details><summary>Title!</summary><p>Inside</p></details>');
    // Enter at the end of a closed section's summary starts a paragraph after it.
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'after' });
    expect(el.getHTML()).to.equal('<details><summary>Title!</summary><p>Inside</p></details><p>after</p>');
  });

  it('Backspace at the start of the summary turns the section back into plain blocks', async () => {
    const el = await editor(OPEN);
    // A click just inside the left edge of the summary's first letter puts the caret before it.
    await clickAt(textPoint(el, 'Title', 0));
    await sendKeys({ press: 'Backspace' });
    expect(el.getHTML()).to.equal('<p>Title</p><p>Inside</p>');
    await sendKeys({ type: 'A ' });
    expect(el.getHTML()).to.equal('<p>A Title</p><p>Inside</p>');
  });
});

/** A star rating built in plain JS, as a page without a bundler writes it: an atom whose view has buttons. */
function rating(log: string[], contexts: NodeViewContext[] = []): ExtensionInput {
  return (pm) => ({
    name: 'rating',
    nodes: [
      {
        name: 'rating',
        group: 'block',
        atom: true,
        attrs: { stars: { type: 'number', default: 0, min: 0, max: 5, integer: true } },
        html: { tag: 'div', attrs: { stars: 'data-stars' }, class: 'rating' },
        nodeView(node, _view, _getPos, _decorations, context: NodeViewContext) {
          log.push(`create ${node.attrs.stars} ${pm === editorPm ? 'same pm' : 'other pm'}`);
          contexts.push(context);
          const dom = document.createElement('div');
          dom.className = 'rating-view';
          const buttons = [1, 2, 3, 4, 5].map((stars) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = String(stars);
            button.addEventListener('click', () => context.updateAttributes({ stars }), { signal: context.signal });
            return button;
          });
          const remove = document.createElement('button');
          remove.type = 'button';
          remove.className = 'remove';
          remove.textContent = 'Remove';
          remove.addEventListener('click', () => context.deleteNode(), { signal: context.signal });
          dom.append(...buttons, remove);
          // A press on the stars leaves focus in the text, so the keys (undo) stay the editor's.
          dom.addEventListener('mousedown', (event) => event.preventDefault(), { signal: context.signal });
          const show = () => {
            dom.dataset.stars = String(context.node.attrs.stars);
            dom.dataset.selected = String(context.selected);
          };
          show();
          context.subscribe(show);
          context.signal.addEventListener('abort', () => log.push('destroyed'));
          return { dom, stopEvent: (event) => event.target instanceof HTMLButtonElement };
        },
      },
    ],
  });
}

describe('a node view in plain JS, with pm', () => {
  it('leaves the keys with the text after a star is pressed: the undo key takes the rating back', async () => {
    const el = await editor('<p>a</p><div class="rating" data-stars="2"></div><p>b</p>', [rating([])]);
    el.editorView!.focus();
    await focusSettled();
    await click(content(el).querySelectorAll<HTMLElement>('.rating-view button')[3]!);
    expect(el.getHTML()).to.equal('<p>a</p><div class="rating" data-stars="4"></div><p>b</p>');
    await pressWith('z', 'Control');
    expect(el.getHTML()).to.equal('<p>a</p><div class="rating" data-stars="2"></div><p>b</p>');
  });

  it('sets attributes and removes its node through its context; selection and attributes reach it without a rebuild', async () => {
    const log: string[] = [];
    const el = await editor('<p>a</p><div class="rating" data-stars="2"></div><p>b</p>', [rating(log)]);
    const view = content(el).querySelector<HTMLElement>('.rating-view')!;
    expect(log).to.deep.equal(['create 2 same pm']);
    expect(view.dataset.stars).to.equal('2');
    await click(view.querySelectorAll('button')[3]);
    expect(el.getHTML()).to.equal('<p>a</p><div class="rating" data-stars="4"></div><p>b</p>');
    expect(view.dataset.stars, 'the kept view heard of the new attributes').to.equal('4');
    expect(log, 'no second view').to.deep.equal(['create 2 same pm']);
    // Selecting the atom with the keys: ArrowDown from the paragraph before it selects it as a node.
    const pmView = el.editorView!;
    pmView.focus();
    pmView.dispatch(pmView.state.tr.setSelection(editorPm.state.NodeSelection.create(pmView.state.doc, 3)));
    expect(view.dataset.selected).to.equal('true');
    expect(view.classList.contains('ProseMirror-selectednode'), 'ProseMirror\'s own selected look').to.equal(true);
    await sendKeys({ press: 'ArrowUp' });
    expect(view.dataset.selected).to.equal('false');
    await click(view.querySelector('.remove')!);
    expect(el.getHTML()).to.equal('<p>a</p><p>b</p>');
    expect(log).to.deep.equal(['create 2 same pm', 'destroyed']);
  });
});

describe("a node view's context, as a host's code calls it", () => {
  it('changes nothing while the editor is read-only: neither a star pressed nor Remove', async () => {
    const el = await editor('<p>a</p><div class="rating" data-stars="2"></div><p>b</p>', [rating([])]);
    el.readonly = true;
    await el.updateComplete;
    let changes = 0;
    el.addEventListener('rich-editor-change', () => changes++);
    const view = content(el).querySelector<HTMLElement>('.rating-view')!;
    await click(view.querySelectorAll('button')[4]);
    await click(view.querySelector('.remove')!);
    expect(el.getHTML()).to.equal('<p>a</p><div class="rating" data-stars="2"></div><p>b</p>');
    expect(changes, 'no change event').to.equal(0);
    el.readonly = false;
    await el.updateComplete;
    await click(view.querySelectorAll('button')[4]);
    expect(el.getHTML(), 'editable again').to.equal('<p>a</p><div class="rating" data-stars="5"></div><p>b</p>');
  });

  it('cleans each value by its kind, and names an attribute the node does not have', async () => {
    const contexts: NodeViewContext[] = [];
    const el = await editor('<div class="rating" data-stars="2"></div>', [rating([], contexts)]);
    const [context] = contexts;
    context.updateAttributes({ stars: 9 });
    expect(el.getHTML(), 'clamped to the most').to.equal('<div class="rating" data-stars="5"></div>');
    context.updateAttributes({ stars: 2.7 });
    expect(el.getHTML(), 'a whole number').to.equal('<div class="rating" data-stars="2"></div>');
    context.updateAttributes({ stars: -1 });
    expect(el.getHTML(), 'clamped to the least').to.equal('<div class="rating" data-stars="0"></div>');
    expect(() => context.updateAttributes({ star: 3 })).to.throw(RangeError, 'updateAttributes: the node "rating" has no attribute "star"');
    expect(el.getHTML(), 'nothing changed by the mistake').to.equal('<div class="rating" data-stars="0"></div>');
  });

  it('makes each call its own undo step, however quickly the next one follows', async () => {
    const el = await editor('<p>a</p><div class="rating" data-stars="1"></div>', [rating([])]);
    el.editorView!.focus();
    await focusSettled();
    const buttons = content(el).querySelectorAll<HTMLElement>('.rating-view button');
    await click(buttons[2]);
    await click(buttons[3]);
    expect(el.getHTML()).to.equal('<p>a</p><div class="rating" data-stars="4"></div>');
    await pressWith('z', 'Control');
    expect(el.getHTML(), 'the second vote taken back alone').to.equal('<p>a</p><div class="rating" data-stars="3"></div>');
    await pressWith('z', 'Control');
    expect(el.getHTML()).to.equal('<p>a</p><div class="rating" data-stars="1"></div>');
  });

  it('tells every listener when one throws, and logs the failure instead of throwing from updateAttributes', async () => {
    const contexts: NodeViewContext[] = [];
    const el = await editor('<div class="rating" data-stars="2"></div>', [rating([], contexts)]);
    const [context] = contexts;
    const heard: string[] = [];
    context.subscribe(() => {
      throw new Error('listener failed');
    });
    context.subscribe(() => heard.push(String(context.node.attrs.stars)));
    const logged: string[] = [];
    const previous = setLogger({ error: (message) => logged.push(message), warn: () => {} });
    try {
      context.updateAttributes({ stars: 4 });
    } finally {
      setLogger(previous);
    }
    expect(el.getHTML()).to.equal('<div class="rating" data-stars="4"></div>');
    // (ProseMirror may tell the view more than once of one change: each telling reaches both.)
    expect(heard.length, 'the second listener heard').to.be.greaterThan(0);
    expect(heard.at(-1)).to.equal('4');
    expect(logged.length, 'once for each telling').to.equal(heard.length);
    expect(new Set(logged)).to.deep.equal(new Set(['A node view\'s listener of "rating" failed']));
  });
});

describe('a node view written as a Lit template (litNodeView)', () => {
  it('redraws on its node, sets attributes from its button, and takes typing in its body', async () => {
    let draws = 0;
    const cards = cardBlock(
      litNodeView((props) => {
        draws++;
        const tone = String(props.node.attrs.tone);
        return html`<div class="card-view">
          <button type="button" contenteditable="false" @click=${() => props.updateAttributes({ tone: tone === 'calm' ? 'loud' : 'calm' })}>${tone}</button>
          <div class="card-body" ${ref(props.contentRef)}></div>
        </div>`;
      }),
    );
    const el = await editor('<p>before</p><section class="card" data-tone="calm"><p>Body</p></section>', [cards]);
    const button = content(el).querySelector<HTMLButtonElement>('.card-view button')!;
    expect(content(el).querySelector('.card-body p')!.textContent, 'the content is in its place in the template').to.equal('Body');
    const drawn = draws;
    await click(button);
    expect(el.getHTML()).to.equal('<p>before</p><section class="card" data-tone="loud"><p>Body</p></section>');
    expect(button.textContent, 'the same button, redrawn').to.equal('loud');
    expect(draws).to.equal(drawn + 1);
    await clickAt(textPoint(el, 'before', 6));
    await sendKeys({ type: '!' });
    expect(draws, 'typing elsewhere draws nothing').to.equal(drawn + 1);
    await clickAt(textPoint(el, 'Body', 4));
    await sendKeys({ type: ' typed' });
    // Firefox may read the keys typed into the view's body a task later (its mutation observer).
    const typed = '<p>before!</p><section class="card" data-tone="loud"><p>Body typed</p></section>';
    await until(() => el.getHTML() === typed, 'the typing in the body', { saw: () => el.getHTML() });
  });
});

describe('a node view told when the editor turns read-only', () => {
  it('redraws a Lit view with the new editable, and only then', async () => {
    let draws = 0;
    const cards = cardBlock(
      litNodeView((props) => {
        draws++;
        return html`<div class="card-view">
          <button type="button" contenteditable="false" ?disabled=${!props.editable}>tone</button>
          <div class="card-body" ${ref(props.contentRef)}></div>
        </div>`;
      }),
    );
    const el = await editor('<section class="card" data-tone="calm"><p>Body</p></section>', [cards]);
    const button = content(el).querySelector<HTMLButtonElement>('.card-view button')!;
    expect(button.disabled).to.equal(false);
    const drawn = draws;
    el.readonly = true;
    await el.updateComplete;
    expect(button.disabled, 'read-only: the control is off').to.equal(true);
    expect(draws).to.equal(drawn + 1);
    el.readonly = false;
    await el.updateComplete;
    expect(button.disabled, 'editable again').to.equal(false);
    el.placeholder = 'Write';
    await el.updateComplete;
    expect(draws, 'another property changes nothing the view shows').to.equal(drawn + 2);
  });
});

describe("where an extension's keys run", () => {
  const marker = (priority?: number): EditorExtension => ({
    name: 'marker',
    ...(priority === undefined ? {} : { priority }),
    keys: () => ({ 'Mod-Enter': (state, dispatch) => (dispatch?.(state.tr.insertText('¶')), true) }),
  });

  it("before the built-in ones by default: its Mod-Enter wins over the paragraph's line break", async () => {
    const el = await editor('<p>one</p>', [marker()]);
    caretAtEnd(el, 'p');
    await pressWith('Enter', 'Control');
    expect(el.getHTML()).to.equal('<p>one¶</p>');
  });

  it('after them at a priority of 50 or below: the line break wins, and a key the editor leaves alone reaches it', async () => {
    const late: EditorExtension = {
      ...marker(10),
      keys: () => ({
        'Mod-Enter': (state, dispatch) => (dispatch?.(state.tr.insertText('¶')), true),
        'Mod-Alt-y': (state, dispatch) => (dispatch?.(state.tr.insertText('§')), true),
      }),
    };
    const el = await editor('<p>one</p>', [late]);
    caretAtEnd(el, 'p');
    await pressWith('Enter', 'Control');
    expect(el.getHTML()).to.equal('<p>one<br></p>');
    await pressWith('y', 'Control', 'Alt');
    expect(el.getHTML()).to.equal('<p>one<br>§</p>');
  });

  // The built-in typography turns `--` into an em dash; an extension's rule for the same text makes an en dash.
  const enDash = (priority?: number): EditorExtension => ({
    name: 'en_dash',
    ...(priority === undefined ? {} : { priority }),
    inputRules: () => [new editorPm.inputrules.InputRule(/--$/, '–')],
  });

  it("its input rules before the built-in ones by default: its `--` wins over the typography's", async () => {
    const el = await editor('<p>a</p>', [enDash()]);
    caretAtEnd(el, 'p');
    await sendKeys({ type: ' -- b' });
    expect(el.getHTML()).to.equal('<p>a – b</p>');
  });

  it('its input rules after them at a priority of 50 or below: the typography wins', async () => {
    const el = await editor('<p>a</p>', [enDash(10)]);
    caretAtEnd(el, 'p');
    await sendKeys({ type: ' -- b' });
    expect(el.getHTML()).to.equal('<p>a — b</p>');
  });

  it("a node's selectAllInside edge: Mod-A selects the block's inside first, the whole document on the next press", async () => {
    const box: EditorExtension = {
      name: 'boxes',
      nodes: [{ name: 'box', group: 'block', content: 'paragraph+', html: { tag: 'section', class: 'box' }, edges: { selectAllInside: true } }],
    };
    const el = await editor('<p>before</p><section class="box"><p>one</p><p>two</p></section><p>after</p>', [box]);
    caretAtEnd(el, '.box p');
    await pressWith('a', 'Control');
    const { selection, doc } = el.editorView!.state;
    expect(doc.textBetween(selection.from, selection.to, '|'), 'the box inside').to.equal('one|two');
    await pressWith('a', 'Control');
    const all = el.editorView!.state.selection;
    expect([all.from, all.to], 'then the document').to.deep.equal([0, el.editorView!.state.doc.content.size]);
  });
});

describe('commands by name: run()', () => {
  it("runs the built-in blocks' and an extension's commands at the selection, each one undo step", async () => {
    const el = await editor('<p>Title</p><p>Item</p>');
    caretAtEnd(el, 'p');
    expect(el.run('heading.set', 2)).to.equal(true);
    expect(el.getHTML()).to.equal('<h2>Title</h2><p>Item</p>');
    caretAtEnd(el, 'p');
    expect(el.run('bullet_list.toggle')).to.equal(true);
    expect(el.getHTML()).to.equal('<h2>Title</h2><ul><li><p>Item</p></li></ul>');
    await pressWith('z', 'Control');
    expect(el.getHTML(), 'one undo step').to.equal('<h2>Title</h2><p>Item</p>');
    expect(el.run('table.insert', 2, 4)).to.equal(true);
    const table = content(el).querySelector('table')!;
    expect([table.rows.length, table.rows[0].cells.length], 'two rows of four columns').to.deep.equal([2, 4]);
    expect(el.run('details.insert'), "the details extension's own command").to.equal(true);
    expect(el.getHTML()).to.contain('<details open=""><summary></summary><p></p></details>');
  });

  it('refuses an unknown name with the names there are, and does nothing while read-only', async () => {
    const el = await editor('<p>Title</p>');
    caretAtEnd(el, 'p');
    // @ts-expect-error: not a command the editor has
    expect(() => el.run('heading.explode')).to.throw(RangeError, /heading\.set/);
    // Type checks only (never called): heading.set takes a level.
    // @ts-expect-error: a level is missing
    const untyped = () => el.run('heading.set');
    void untyped;
    el.readonly = true;
    await el.updateComplete;
    expect(el.run('heading.set', 1)).to.equal(false);
    expect(el.getHTML()).to.equal('<p>Title</p>');
  });

  it("does not run a block's command while its feature is off, as its menus and keys are gone too", async () => {
    const el = await editor('<p>Title</p>');
    caretAtEnd(el, 'p');
    el.features = { tables: false, taskLists: false };
    await el.updateComplete;
    expect(el.run('table.insert', 2, 2)).to.equal(false);
    expect(el.run('task_list.toggle')).to.equal(false);
    expect(el.getHTML()).to.equal('<p>Title</p>');
    // The others still run; turned on again, the feature's commands do too.
    expect(el.run('heading.set', 1)).to.equal(true);
    el.features = {};
    await el.updateComplete;
    expect(el.run('table.insert', 2, 2)).to.equal(true);
    expect(content(el).querySelector('table')).to.not.equal(null);
  });
});
