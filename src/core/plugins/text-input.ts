import { Plugin, PluginKey, TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
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

/**
 * Scrolls the caret into view once the frame that shows the typed character has been
 * laid out, and only when it went out of view: measuring right after the edit would
 * force a layout of the whole document on every keystroke.
 */
function revealCaretAfterLayout(view: EditorView): void {
  const win = view.dom.ownerDocument.defaultView;
  if (!win) return;
  win.requestAnimationFrame(() =>
    win.setTimeout(() => {
      if (view.isDestroyed || !view.hasFocus()) return;
      const head = view.state.selection.head;
      if (!rectVisible(view.dom, view.coordsAtPos(head))) view.dispatch(view.state.tr.scrollIntoView());
    }),
  );
}

/**
 * Types printable characters as transactions instead of letting the browser edit the
 * DOM and reading it back. In a long document, the browser's own insertion forces a
 * synchronous layout of the whole document on every keystroke and ProseMirror then
 * parses the changed DOM; a transaction does neither. Input rules and typography still
 * see the text first (through `handleTextInput`), and marks follow ProseMirror's rules
 * (stored marks, then the marks at the caret, links not extended). Composition (IME,
 * dead keys, Android keyboards) sends no keypress and keeps the browser's path. With the
 * caret between blocks or a whole block selected, typing starts a paragraph there.
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
          const beside = typeBesideBlock(view.state, text);
          if (!beside) return false;
          view.dispatch(beside);
          return true;
        }
        const { from, to } = selection;
        const insert = () => view.state.tr.insertText(text, from, to);
        if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, text, insert))) view.dispatch(insert());
        revealCaretAfterLayout(view);
        return true;
      },
    },
  });
}
