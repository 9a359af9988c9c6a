import { Plugin, PluginKey, Selection, TextSelection, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** The key of the plugin that brings a pending browser selection into the state before input. */
export const domSelectionKey = new PluginKey('domSelection');

/** Where the browser's selection stood: its four DOM coordinates. */
interface DomPoint {
  anchorNode: Node | null;
  anchorOffset: number;
  focusNode: Node | null;
  focusOffset: number;
}

/** Selection's `getComposedRanges` (WebKit, and newer Chromium and Firefox), not yet in every DOM typing. */
type ComposedRanges = (options: { shadowRoots: ShadowRoot[] }) => StaticRange[];
/** The DOM's Selection (the name `Selection` is ProseMirror's here), with the newer members. */
type DomSelection = NonNullable<ReturnType<Document['getSelection']>> & { getComposedRanges?: ComposedRanges; direction?: string };

function readDomSelection(view: EditorView): DomPoint | null {
  // ProseMirror's `root` gives shadow roots a getSelection where the browser lacks one.
  const root = view.root;
  const selection: DomSelection | null | undefined = (root as Document).getSelection?.();
  if (!selection) return null;
  const { anchorNode, anchorOffset, focusNode, focusOffset } = selection;
  // WebKit hands out the document's selection with its ends moved out of shadow trees (onto
  // the host): the composed range says where they are inside this one.
  const composed = selection.getComposedRanges;
  if (anchorNode && composed && root instanceof ShadowRoot && !root.contains(anchorNode) && selection.rangeCount) {
    let range: StaticRange | undefined;
    try {
      range = composed.call(selection, { shadowRoots: [root] })[0];
    } catch {
      range = undefined;
    }
    if (range && root.contains(range.startContainer)) {
      const start = { node: range.startContainer, offset: range.startOffset };
      const end = { node: range.endContainer, offset: range.endOffset };
      const [anchor, focus] = selection.direction === 'backward' ? [end, start] : [start, end];
      return { anchorNode: anchor.node, anchorOffset: anchor.offset, focusNode: focus.node, focusOffset: focus.offset };
    }
  }
  return { anchorNode, anchorOffset, focusNode, focusOffset };
}

function samePoint(a: DomPoint | null, b: DomPoint | null): boolean {
  if (!a || !b) return a === b;
  return a.anchorNode === b.anchorNode && a.anchorOffset === b.anchorOffset && a.focusNode === b.focusNode && a.focusOffset === b.focusOffset;
}

/**
 * The document selection for a DOM selection inside the view when it is not the state's, else
 * null (also when it is not in the view). Compared by position: the DOM cannot tell a selected
 * node from the same range of text. The DOM's own positions first: a selected node's range,
 * read as a text selection, would move.
 */
function movedTo(view: EditorView, point: DomPoint): Selection | null {
  const { anchorNode, focusNode } = point;
  const { doc, selection } = view.state;
  if (!anchorNode || !focusNode || !view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return null;
  let anchor: number;
  let head: number;
  try {
    anchor = view.posAtDOM(anchorNode, point.anchorOffset, 1);
    head = view.posAtDOM(focusNode, point.focusOffset, 1);
  } catch {
    return null;
  }
  if (anchor < 0 || head < 0 || anchor > doc.content.size || head > doc.content.size || (anchor === selection.anchor && head === selection.head)) return null;
  const $anchor = doc.resolve(anchor);
  const $head = doc.resolve(head);
  // The view's own rule first (the gap cursor's), as ProseMirror does when it reads the DOM.
  const moved = view.someProp('createSelectionBetween', (create) => create(view, $anchor, $head)) ?? TextSelection.between($anchor, $head);
  return moved.anchor !== selection.anchor || moved.head !== selection.head ? moved : null;
}

/**
 * Per view: what the DOM selection was when the state's selection was last drawn or read; null
 * when unknown (the selection is then compared by position, which is always right, only slower).
 */
const drawn = new WeakMap<EditorView, DomPoint | null>();

/**
 * Notes where the DOM selection is after the view drew, when the view has focus. Without focus
 * the view draws no selection, and reading the browser's would only lay the page out early: on a
 * new 10,000-block document that is a whole layout before the first paint, in Chromium.
 */
function noteDrawn(view: EditorView): void {
  drawn.set(view, view.hasFocus() ? readDomSelection(view) : null);
}

/**
 * The browser's caret, collapsed where the view last drew the state's selection or read it into
 * the state: the DOM place of the state's caret, found without a walk over the document. Null
 * for a range, or a caret moved since (a click not yet read), or a view that drew without focus.
 */
export function drawnCaret(view: EditorView): { node: Node; offset: number } | null {
  const point = readDomSelection(view);
  if (!point?.focusNode || !samePoint(point, drawn.get(view) ?? null)) return null;
  return point.anchorNode === point.focusNode && point.anchorOffset === point.focusOffset ? { node: point.focusNode, offset: point.focusOffset } : null;
}

/**
 * Notes that an edit of the editor's own carried the browser's caret to `node` at `offset`
 * (text typed into the DOM for the view to read back): not a move of the user's, which a
 * transaction dispatched before the view has read the edit would otherwise take for one.
 */
export function noteCaretCarried(view: EditorView, node: Node, offset: number): void {
  drawn.set(view, { anchorNode: node, anchorOffset: offset, focusNode: node, focusOffset: offset });
}

/** The browser's selection when it moved since the view last drew or read it, else null. */
function movedDomSelection(view: EditorView): Selection | null {
  // Without focus no caret of the user's is in the view, and reading the browser's selection
  // lays the page out: a transaction that arrives as a new long document opens (mention
  // highlights, a grammar) would lay it all out before its first paint.
  if (!view.editable || view.composing || !view.hasFocus()) return null;
  const now = readDomSelection(view);
  return !now || samePoint(now, drawn.get(view) ?? null) ? null : movedTo(view, now);
}

/**
 * For a view's `dispatchTransaction`: a transaction that does not set the selection,
 * dispatched while the browser's selection has moved and its `selectionchange` is still
 * pending (a highlighter or an image arriving right after a click or an End key), carries
 * the browser's selection. Otherwise drawing it would put the caret back where the state
 * last had it, and the next keys would type there.
 *
 * `others` for another person's change (editing together): it sets the selection only to
 * keep the user's where it was, as the state last had it, so a move still pending wins over it.
 */
export function withDomSelection(view: EditorView, tr: Transaction, others = false): Transaction {
  if ((tr.selectionSet && !others) || tr.before !== view.state.doc) return tr;
  const selection = movedDomSelection(view);
  return selection ? tr.setSelection(selection.map(tr.doc, tr.mapping)).setMeta('pointer', true) : tr;
}

/**
 * Reads a browser selection the view has not heard of yet into the state: for an update that
 * does not go through `dispatch` (new plugins, new properties), which would otherwise draw the
 * state's selection over it.
 */
export function readMovedSelection(view: EditorView): void {
  const selection = movedDomSelection(view);
  if (selection) view.dispatch(view.state.tr.setSelection(selection).setMeta('pointer', true));
}

/**
 * Key handlers (ours, ProseMirror's, a host's) act on `view.state.selection`. After a
 * click, the browser moves its selection at once but tells the page in a
 * `selectionchange` event that comes as a task of its own: a key pressed right after
 * the click (by an end-to-end test, or a fast hand) can arrive before it, and would
 * type, delete or move from where the caret used to be. This plugin notes the DOM
 * selection each time the view has drawn its own; when an input event finds it
 * moved since, it reads it into the state first, as ProseMirror would have on the
 * pending `selectionchange`.
 *
 * Put it first among plugins that handle DOM input events.
 */
export function domSelectionPlugin(): Plugin {
  const sync = (view: EditorView): boolean => {
    readMovedSelection(view);
    drawn.set(view, readDomSelection(view));
    // Not handled: the event goes on to the next handler, which now sees the caret where the user put it.
    return false;
  };
  /**
   * Views a press has given focus to, until focus comes or the press ends. Firefox gives focus
   * with the caret already where the press put it, and ProseMirror, 20 ms after focus, draws the
   * state's selection back over a caret it has not read: on a busy machine the
   * `selectionchange` comes later, and the first keys typed at the document's start. Read at
   * focus, the caret is the state's. Focus without a press (Tab, `focus()`) keeps the state's:
   * the browser's is then a stale one.
   */
  const pressed = new WeakSet<EditorView>();
  return new Plugin({
    key: domSelectionKey,
    view(view) {
      noteDrawn(view);
      return {
        update: (_view, previous) => {
          // An update with the same selection (new properties, a redraw, others' changes after
          // it) drew none of its own: the browser's is where it was, moved by the user or not.
          // Noting it would hide a move whose selectionchange is still to come from the next
          // transaction; left as it was, the next is compared by position when it differs.
          if (!previous.selection.eq(view.state.selection)) noteDrawn(view);
        },
        destroy: () => drawn.delete(view),
      };
    },
    props: {
      handleDOMEvents: {
        keydown: sync,
        keypress: sync,
        beforeinput: sync,
        paste: sync,
        cut: sync,
        copy: sync,
        mousedown: (view) => {
          if (view.hasFocus()) return false;
          pressed.add(view);
          view.dom.ownerDocument.addEventListener('mouseup', () => pressed.delete(view), { capture: true, once: true });
          return false;
        },
        focus: (view) => pressed.delete(view) && sync(view),
      },
    },
  });
}
