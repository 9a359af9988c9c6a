/**
 * Clicking and then typing or pressing a key at once, as a host's end-to-end tests and
 * fast typists do: the key must act where the click put the caret, even when the
 * browser has not yet told the editor that the selection moved (its `selectionchange`
 * event comes as a task of its own, after input that was already queued).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { NodeSelection, TextSelection } from 'prosemirror-state';
import { serializeHTML } from '../../src/core/index.js';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { clickThenKeys, type KeyStep } from '../helpers/click-then-keys.js';
import { focusSettled, mountEditor } from '../helpers/editor.js';
import { content } from '../helpers/element-ui.js';
import { mulberry32 } from '../helpers/random-doc.js';
import { until } from '../helpers/until.js';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];

/** Paragraph texts of a few words each, all different. */
function paragraphs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 5 + 3) % WORDS.length]} line ${i}`);
}

/** The point to click to put the caret before character `offset` of paragraph `index`. */
function pointBefore(el: RichEditor, index: number, offset: number): [number, number] {
  const text = content(el).children[index].firstChild as Text;
  const range = document.createRange();
  range.setStart(text, offset);
  range.setEnd(text, offset + 1);
  const rect = range.getBoundingClientRect();
  // A pixel into the character's left half: the nearest caret position is before it.
  return [Math.round(rect.left + 1), Math.round(rect.top + rect.height / 2)];
}

/** How near a second click soon after the first counts as a double click: ProseMirror's 10 px, more than GTK's 5 px. */
const DOUBLE_CLICK_PX = 10;

/**
 * `clickThenKeys` for a series of single clicks. A click on the spot clicked just before would
 * be a double click (WebKit selects the word, as for a user); instead of waiting out the
 * double-click interval (which the browser measures, and no event marks), a click elsewhere
 * first, on a paragraph half the list away, makes it a fresh single click, as a hand that moved
 * away and back would.
 */
function singleClicks(el: RichEditor, count: number) {
  let last: [number, number] | null = null;
  return async (index: number, offset: number, ...keys: KeyStep[]): Promise<void> => {
    const point = pointBefore(el, index, offset);
    if (last && Math.abs(point[0] - last[0]) <= DOUBLE_CLICK_PX && Math.abs(point[1] - last[1]) <= DOUBLE_CLICK_PX) {
      const away = pointBefore(el, (index + Math.floor(count / 2)) % count, 1);
      await sendMouse({ type: 'click', position: away });
    }
    last = point;
    await clickThenKeys(point, ...keys);
  };
}

function texts(el: RichEditor): string[] {
  return [...content(el).children].map((block) => block.textContent ?? '');
}

async function editorWith(lines: string[]): Promise<RichEditor> {
  const value = lines.map((line) => `<p>${line}</p>`).join('');
  const el = await fixture<RichEditor>(html`<rich-editor .value=${value} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  // The text is on screen from the next rendering update (WebKit gives blocks under
  // content-visibility: auto an empty box until then): a user clicks what is drawn.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return el;
}

/**
 * A bound for the tests that make dozens of real clicks and keys: each is a WebDriver action
 * in WebKit, about 0.3 s on a busy 2-core machine, so 50 rounds overran the suite's 20 s.
 */
const MANY_INTERACTIONS_MS = 90_000;

describe('caret after a click', () => {
  it('types where each of 50 clicks put the caret, with no pause between click and typing', async function () {
    this.timeout(MANY_INTERACTIONS_MS);
    const expected = paragraphs(12);
    const el = await editorWith(expected);
    const random = mulberry32(1601);
    const click = singleClicks(el, expected.length);
    const misplaced: string[] = [];
    for (let round = 0; round < 50; round++) {
      const index = Math.floor(random() * expected.length);
      const offset = 1 + Math.floor(random() * (expected[index].length - 2));
      const typed = String.fromCharCode(65 + (round % 26)) + String.fromCharCode(97 + (round % 26));
      await click(index, offset, { type: typed });
      expected[index] = expected[index].slice(0, offset) + typed + expected[index].slice(offset);
      const actual = texts(el);
      if (actual.join('\n') !== expected.join('\n')) {
        misplaced.push(`round ${round}: "${typed}" at ${index}:${offset}, got ${JSON.stringify(actual)}`);
        expected.splice(0, expected.length, ...actual);
      }
    }
    expect(misplaced).to.deep.equal([]);
    expect(el.getHTML()).to.equal(expected.map((line) => `<p>${line}</p>`).join(''));
  });

  it('moves from the clicked place with Home, End and the arrow keys pressed at once', async function () {
    this.timeout(MANY_INTERACTIONS_MS);
    const lines = paragraphs(8);
    const el = await editorWith(lines);
    const random = mulberry32(77);
    const click = singleClicks(el, lines.length);
    const keys: Array<[string, (line: string, offset: number) => number]> = [
      ['Home', () => 0],
      ['End', (line) => line.length],
      ['ArrowLeft', (_, offset) => offset - 1],
      ['ArrowRight', (_, offset) => offset + 1],
    ];
    const misplaced: string[] = [];
    for (let round = 0; round < 24; round++) {
      const index = Math.floor(random() * lines.length);
      const offset = 2 + Math.floor(random() * (lines[index].length - 4));
      const [key, target] = keys[round % keys.length];
      await click(index, offset, { press: key }, { type: '|' });
      const at = target(lines[index], offset);
      const want = lines[index].slice(0, at) + '|' + lines[index].slice(at);
      const got = texts(el)[index];
      if (got !== want) misplaced.push(`round ${round}: ${key} from ${index}:${offset}, got "${got}", want "${want}"`);
      // Take the marker back out, so every round starts from the same text.
      await sendKeys({ press: 'Backspace' });
      if (texts(el).join('\n') !== lines.join('\n')) el.value = lines.map((line) => `<p>${line}</p>`).join('');
      await el.updateComplete;
    }
    expect(misplaced).to.deep.equal([]);
  });

  it('keeps the caret where the browser moved it when a redraw comes before the editor heard of the move', async () => {
    // A code highlighter or an image arriving just after a click or an End key redraws the
    // document while the browser's selectionchange is still queued: the caret must not go
    // back to where the editor last had it.
    const el = await editorWith(['Hello', 'World']);
    const view = el.editorView!;
    await clickThenKeys(pointBefore(el, 0, 0));
    await until(() => view.state.selection.head === 1, 'the caret at the start');
    const hello = content(el).children[0].firstChild as Text;
    const selection = (view.root as Document).getSelection()!;
    selection.collapse(hello, 5);
    // In the same task as the move, before its selectionchange: a change elsewhere in the document.
    view.dispatch(view.state.tr.insertText('!', view.state.doc.content.size - 1));
    expect(view.state.selection.head, 'the state follows the browser').to.equal(6);
    // Where the caret is inside the shadow tree (WebKit's selection names the host otherwise).
    const composed = (selection as Selection & { getComposedRanges?: (options: { shadowRoots: ShadowRoot[] }) => StaticRange[] }).getComposedRanges;
    const range = composed?.call(selection, { shadowRoots: [el.shadowRoot!] })[0];
    const caret = range ? [range.endContainer, range.endOffset] : [selection.focusNode, selection.focusOffset];
    expect(caret, 'the caret stays').to.deep.equal([hello, 5]);
    await sendKeys({ type: 'X' });
    expect(texts(el)).to.deep.equal(['HelloX', 'World!']);
  });

  it('keeps the caret where the browser moved it when, before the editor heard of the move, the view took new properties and then redrew', async () => {
    // Editing together: the connection's state changes (the view takes new properties, drawing
    // nothing), then a colleague's caret is redrawn, all before the End key's selectionchange.
    const el = await editorWith(['Hello', 'World']);
    const view = el.editorView!;
    // Not a click: one on the spot the test before clicked would be a double click in WebKit.
    view.focus();
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
    const hello = content(el).children[0].firstChild as Text;
    (view.root as Document).getSelection()!.collapse(hello, 5);
    view.setProps({ editable: () => true });
    expect(view.state.selection.head, 'a property change reads nothing').to.equal(1);
    view.dispatch(view.state.tr.insertText('!', view.state.doc.content.size - 1));
    expect(view.state.selection.head, 'the state follows the browser').to.equal(6);
    await sendKeys({ type: 'X' });
    expect(texts(el)).to.deep.equal(['HelloX', 'World!']);
  });

  it('keeps the caret a click put in an editor without focus when the browser tells of the move only after ProseMirror\'s focus check', async () => {
    // A busy machine: Firefox gives focus with the caret already at the click, and its
    // selectionchange comes later than ProseMirror's check 20 ms after focus, which drew the
    // state's old selection back over the caret it had not read, so the keys typed there.
    // ProseMirror's view with the editing plugins alone: nothing of the element's reads the
    // browser's selection meanwhile.
    const editor = mountEditor('<p>one</p><p>two</p>', { caret: 1 });
    const held = (event: Event): void => {
      if (event.isTrusted) event.stopImmediatePropagation();
    };
    try {
      const { view } = editor;
      view.dom.blur();
      const text = view.dom.children[1].firstChild as Text;
      const range = document.createRange();
      range.setStart(text, 2);
      range.setEnd(text, 3);
      const rect = range.getBoundingClientRect();
      window.addEventListener('selectionchange', held, true);
      await sendMouse({ type: 'click', position: [Math.round(rect.left + 1), Math.round(rect.top + rect.height / 2)] });
      await focusSettled();
      window.removeEventListener('selectionchange', held, true);
      await sendKeys({ type: 'X' });
      expect(serializeHTML(view.state.doc)).to.equal('<p>one</p><p>twXo</p>');
    } finally {
      window.removeEventListener('selectionchange', held, true);
      editor.destroy();
    }
  });

  it('keeps a selected node selected for a key pressed after focus, when the node was selected before the editor had focus', async () => {
    // With focus only now, nothing says where the view last drew the selection: the browser's
    // is compared by position, and a selected node's range is not a moved caret.
    const editor = mountEditor('<p>x</p><hr>');
    try {
      const { view } = editor;
      view.dom.blur();
      view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, 3)));
      expect(view.hasFocus()).to.equal(false);
      view.focus();
      await sendKeys({ press: 'Backspace' });
      expect(serializeHTML(view.state.doc)).to.equal('<p>x</p>');
    } finally {
      editor.destroy();
    }
  });

  it('reads no browser selection for a change dispatched while the editor has no focus', async () => {
    // Reading it lays the page out: a change arriving as a long document opens (mention
    // highlights, a grammar) would lay the whole document out before its first paint.
    const el = await editorWith(['Hello', 'World']);
    const view = el.editorView!;
    const root = view.root as Document;
    const own = root.getSelection.bind(root);
    // Ours only: ProseMirror reads it too when it draws a state, as it does in any editor.
    let reads = 0;
    const ours = (): boolean => /withDomSelection/.test(new Error().stack ?? '');
    Object.defineProperty(root, 'getSelection', { configurable: true, value: () => ((reads += ours() ? 1 : 0), own()) });
    try {
      view.dispatch(view.state.tr.insertText('!', view.state.doc.content.size - 1));
      expect(reads, 'unfocused').to.equal(0);
      view.focus();
      view.dispatch(view.state.tr.insertText('?', view.state.doc.content.size - 1));
      expect(reads, 'focused: a click may have moved the caret').to.be.greaterThan(0);
    } finally {
      delete (root as { getSelection?: unknown }).getSelection;
    }
    expect(texts(el)).to.deep.equal(['Hello', 'World!?']);
  });
});
