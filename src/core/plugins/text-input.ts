import { Mark, type Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { drawnCaret, noteCaretCarried } from './dom-selection.js';
import { typeBesideBlock } from './gap-places.js';

/** The key of the text input plugin. */
export const textInputKey = new PluginKey('textInput');

/** The character a keypress types, or null for one that types nothing we handle. */
function typedText(event: KeyboardEvent): string | null {
  // `key` is the character itself (a surrogate pair for astral characters); named keys are longer words.
  const text = [...event.key].length === 1 ? event.key : event.charCode ? String.fromCharCode(event.charCode) : '';
  return text && !/[\r\n]/.test(text) ? text : null;
}

/** Whether `rect` lies inside the window and inside every clipping ancestor of `from`. */
function rectVisible(from: Element, rect: { top: number; bottom: number }): boolean {
  const win = from.ownerDocument.defaultView;
  if (!win || rect.top < 0 || rect.bottom > win.innerHeight) return false;
  for (let el: Element | null = from; el; el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null)) {
    if (el.scrollHeight <= el.clientHeight) continue;
    const overflow = win.getComputedStyle(el).overflowY;
    if (overflow === 'visible' || overflow === 'clip') continue;
    const box = el.getBoundingClientRect();
    if (rect.top < box.top || rect.bottom > box.bottom) return false;
  }
  return true;
}

/** Where `from`'s ancestors (across shadow roots) and its window stand scrolled, as one string: everything whose scrolling moves the caret. */
function scrolledTo(from: Element): string {
  const offsets: number[] = [];
  for (let el: Element | null = from; el; el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null)) offsets.push(el.scrollTop, el.scrollLeft);
  const win = from.ownerDocument.defaultView;
  return `${offsets} ${win?.scrollX} ${win?.scrollY}`;
}

/** A check for the caret's visibility: where everything stood scrolled at its key, and whether the frame it waits for has begun. */
interface CaretCheck {
  scrolled: string;
  framed?: boolean;
}

/** The checks still to run, per view. */
const caretChecks = new WeakMap<EditorView, CaretCheck[]>();

/**
 * Scrolls the caret into view once the frame that shows the typed character has been
 * laid out, and only when it went out of view: measuring right after the edit would
 * force a layout of the whole document on every keystroke. One check covers the keys before
 * a frame. Called before the key's edit, when reading where everything is scrolled costs
 * nothing: a scroll made after the key (the user's, or a script's such as a host's end-to-end
 * test) stands, as it would after the browser's own typing, which reveals the caret at once.
 */
function revealCaretAfterLayout(view: EditorView): void {
  const win = view.dom.ownerDocument.defaultView;
  const checks = caretChecks.get(view) ?? [];
  if (!win || checks.some((check) => !check.framed)) return;
  caretChecks.set(view, checks);
  const check: CaretCheck = { scrolled: scrolledTo(view.dom) };
  checks.push(check);
  win.requestAnimationFrame(() => {
    check.framed = true;
    win.setTimeout(() => {
      checks.splice(checks.indexOf(check), 1);
      if (view.isDestroyed || !view.hasFocus() || scrolledTo(view.dom) !== check.scrolled || rectVisible(view.dom, view.coordsAtPos(view.state.selection.head))) return;
      view.dispatch(view.state.tr.scrollIntoView());
      // That scroll is the editor's own: the checks of later keys count from it.
      for (const later of checks) later.scrolled = scrolledTo(view.dom);
    });
  });
}

/** The text node of `doc` that holds `pos` inside it or ends there, with `pos`'s offset in it; null at a text node's start or outside text. */
function textAt(doc: PMNode, pos: number): { node: PMNode; offset: number } | null {
  const $pos = doc.resolve(pos);
  const offset = $pos.textOffset;
  const node = offset ? $pos.parent.child($pos.index()) : $pos.nodeBefore;
  return node?.isText ? { node, offset: offset || node.nodeSize } : null;
}

/**
 * Whether the browser's selection, set while a key is handled, costs a walk over the editable's
 * text: Blink tells input methods at once where the caret stands in the whole text (6.8 ms a key
 * at 10,000 blocks, against 0.8 ms outside a key's handling). There typing carries the caret
 * through an edit of the DOM instead (`typeIntoDom`). A cost, not a feature, so it cannot be
 * asked of the browser. Firefox's text edits cost more than its selection (two edits and
 * ProseMirror's read of them: 23 against 19 ms a key at 10,000 blocks), and WebKit's selection
 * costs the same in a key as outside one (about 1 ms at 5,000 paragraphs), so both keep the
 * transaction.
 */
const CARRY_CARET = typeof navigator !== 'undefined' && /Chrom(e|ium)\//.test(navigator.userAgent);

/** Views whose DOM holds text a keypress wrote there, which ProseMirror is about to read back. */
const typedIntoDom = new WeakSet<EditorView>();

/** Types `text` over `from`-`to` as a transaction, after the view's text input handlers (input rules, typography) have had it. */
function typeText(view: EditorView, from: number, to: number, text: string): void {
  const insert = () => view.state.tr.insertText(text, from, to);
  if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, text, insert))) view.dispatch(insert());
}

/**
 * Types `text` at the caret (`from`) by writing it into the DOM text node the caret is in, for
 * ProseMirror to read back as it reads the browser's own typing (its input handlers, input
 * rules and typography see it there), when that comes to exactly what typing it as a
 * transaction would: the DOM node holds the whole text node the caret is in, and the text joins
 * that node with its marks (so not after a link, nor with marks stored for the next character).
 * The caret is not set: the DOM carries it, since the text goes in front of a copy of the
 * character before the caret and that character is then removed from behind it, and the view
 * then finds the text and the caret where the state has them and sets neither. Chromium, when
 * the page sets the selection while it handles a key, works out at once where the caret stands
 * in the whole editable's text, for input methods (`CARRY_CARET`). False, with nothing done, in any
 * other case.
 */
function typeIntoDom(view: EditorView, from: number, text: string): boolean {
  // The DOM caret where the view drew the state's: the DOM place of `from`.
  const caret = drawnCaret(view);
  const dom = caret?.node;
  const k = caret?.offset ?? 0;
  if (!dom || dom.nodeType !== 3 || k < 1) return false;
  const { doc, storedMarks } = view.state;
  const before = textAt(doc, from);
  const data = (dom as Text).data;
  if (!before || before.offset !== k || data !== before.node.text) return false;
  // The text joins that node exactly when it takes the node's marks. A transaction's would be
  // those stored for the next character, else the caret's (`insertText`), which leave out a
  // mark that does not extend at its end (a link). Asked of the marks, not of a trial
  // transaction, whose new document would copy the 10,000 top-level blocks' list again.
  if (!Mark.sameSet(storedMarks ?? doc.resolve(from).marks(), before.node.marks)) return false;
  typedIntoDom.add(view);
  (dom as Text).insertData(k - 1, data[k - 1] + text);
  (dom as Text).deleteData(k + text.length, 1);
  noteCaretCarried(view, dom, k + text.length);
  // ProseMirror reads the change in its mutation observer's callback, queued by the edit and so
  // run before this. Should it have put the read off, the text is typed as a transaction, which
  // finds it in the DOM already.
  queueMicrotask(() => {
    typedIntoDom.delete(view);
    if (!view.isDestroyed && view.state.doc === doc) typeText(view, from, from, text);
  });
  return true;
}

/**
 * Types printable characters ourselves instead of letting the browser edit the DOM: in a
 * long document, the browser's own insertion forces a synchronous layout of the whole
 * document on every keystroke. In Chromium, inside text, the character is written into the DOM
 * text node for ProseMirror to read back (`typeIntoDom`); otherwise it goes as a transaction,
 * after input rules and typography (`handleTextInput`). Marks follow ProseMirror's rules either way
 * (stored marks, then the marks at the caret, links not extended). Composition (IME, dead
 * keys, Android keyboards) sends no keypress and keeps the browser's path. With the caret
 * between blocks or a whole block selected, typing starts a paragraph there.
 */
export function textInputPlugin(): Plugin {
  return new Plugin({
    key: textInputKey,
    props: {
      handleKeyPress(view, event) {
        if (view.composing || event.isComposing || event.metaKey || (event.ctrlKey && !event.altKey)) return false;
        const { selection } = view.state;
        const text = typedText(event);
        if (!text) return false;
        if (!(selection instanceof TextSelection)) {
          // Between blocks, or over a whole block: a paragraph there first, then the text typed
          // into it as into any, so input rules, the slash menu and mentions see it (one undo step).
          const opened = typeBesideBlock(view.state, '');
          if (!opened) return false;
          view.dispatch(opened);
          typeText(view, view.state.selection.from, view.state.selection.to, text);
          return true;
        }
        if (selection.ranges.length > 1) {
          // A selection of several ranges (one that crosses a table's edge): each range cleared
          // as a deletion clears it, then the text typed at the caret that leaves.
          view.dispatch(view.state.tr.deleteSelection().scrollIntoView());
          typeText(view, view.state.selection.from, view.state.selection.to, text);
          return true;
        }
        const { from, to } = selection;
        revealCaretAfterLayout(view);
        // Only a key the browser sent: ProseMirror reads the DOM back once the handler has returned
        // (in its mutation observer's callback), and a key a script sends (a replay of held keys)
        // is followed by more of that script before then, which needs the state up to date.
        if (!CARRY_CARET || from !== to || !event.isTrusted || !typeIntoDom(view, from, text)) typeText(view, from, to, text);
        return true;
      },
      // ProseMirror scrolls to the caret after reading typed text back, which lays the page out
      // at once; the keypress reveals the caret after the frame instead, as for its transactions.
      handleScrollToSelection: (view) => typedIntoDom.has(view),
    },
  });
}
