/**
 * What keeps Tab and Shift+Tab pressed in a table before table editing arrives (the embed
 * bundle fetches it when an editor first draws a table): the key is held, with every key and
 * text that follows it, and once table editing has arrived (or could not) they are replayed in
 * order through the editor's handlers, so the caret moves to the next cell and what was typed
 * after lands there. Without it the Tab would be taken and do nothing (Tab never leaves an
 * editable editor on its own), and the text typed next would stay in the cell it was meant to leave.
 */
import { Plugin, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { liftItem, sinkItem } from '../commands/lists.js';
import { withDomSelection } from './dom-selection.js';

/** A key pressed or a text input while a Tab was held. */
type Held = { key: KeyboardEventInit } | { text: string };

const MODIFIERS: ReadonlySet<string> = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** Keys the browser acts on itself where no handler takes them, with how each moves the DOM selection (Backspace and Delete then delete what it spans). */
const MOVES: Readonly<Record<string, [direction: 'backward' | 'forward', unit: string]>> = {
  Backspace: ['backward', 'character'],
  Delete: ['forward', 'character'],
  ArrowLeft: ['backward', 'character'],
  ArrowRight: ['forward', 'character'],
  ArrowUp: ['backward', 'line'],
  ArrowDown: ['forward', 'line'],
  Home: ['backward', 'lineboundary'],
  End: ['forward', 'lineboundary'],
};

/** Whether table editing would take this Tab: in a table's cell, where the block the caret is in does not want it (a code block indents, a list item nests or lifts). */
function tableTakesTab(state: EditorState, event: KeyboardEvent): boolean {
  // WebKitGTK names Shift+Tab's key "Unidentified" (its code is still Tab's, as ProseMirror's keymaps read it).
  if ((event.key !== 'Tab' && event.keyCode !== 9) || event.ctrlKey || event.metaKey || event.altKey) return false;
  const { $from } = state.selection;
  let inCell = false;
  for (let d = $from.depth; d > 0 && !inCell; d--) inCell = /cell/.test(String($from.node(d).type.spec.tableRole));
  if (!inCell || $from.parent.type.spec.code) return false;
  return !(event.shiftKey ? liftItem(state) : sinkItem(state));
}

/** A key as the view's handlers read it. */
function keyEvent(type: 'keydown' | 'keypress', init: KeyboardEventInit): KeyboardEvent {
  return new KeyboardEvent(type, { ...init, bubbles: false, cancelable: true });
}

/** Replays one held key or text through the view's handlers, as the browser would have given it. */
function replay(view: EditorView, entry: Held): void {
  if ('text' in entry) {
    const { from, to } = view.state.selection;
    const insert = () => view.state.tr.insertText(entry.text, from, to);
    if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, entry.text, insert))) view.dispatch(insert());
    return;
  }
  const init = entry.key;
  if (view.someProp('handleKeyDown', (handle) => handle(view, keyEvent('keydown', init)))) return;
  const { key = '', shiftKey, ctrlKey, metaKey, altKey } = init;
  if ([...key].length === 1 && !metaKey && !(ctrlKey && !altKey)) {
    // A character: the typing path (plugins/text-input.ts) takes its keypress.
    if (!view.someProp('handleKeyPress', (handle) => handle(view, keyEvent('keypress', init)))) replay(view, { text: key });
    return;
  }
  const move = MOVES[key];
  const selection = (view.root as Document).getSelection?.();
  if (!move || !selection) return;
  // The browser's own caret motion (or what a deletion spans), made on its selection and read back into the state.
  const deletes = key === 'Backspace' || key === 'Delete';
  (selection as Selection & { modify(alter: string, direction: string, unit: string): void }).modify(shiftKey || deletes ? 'extend' : 'move', move[0], ctrlKey || altKey ? 'word' : move[1]);
  view.dispatch(withDomSelection(view, view.state.tr));
  if (deletes && !view.state.selection.empty) view.dispatch(view.state.tr.deleteSelection().scrollIntoView());
}

/**
 * Stands in for table editing until it arrives (the tables slot's waiting plugin): holds a Tab
 * that table editing would take, and what follows it, until `settled` (table editing's load,
 * which settles once it has arrived or could not) and replays them then.
 */
export function heldTableKeysPlugin(settled: () => Promise<void>): Plugin {
  const held = new WeakMap<EditorView, Held[]>();
  /** Table editing arrived or cannot: nothing is held any more (without it, Tab is the editor's, which takes it and does nothing). */
  let over = false;
  const hold = (view: EditorView, entry: Held): void => {
    const queue = held.get(view);
    if (queue) return void queue.push(entry);
    held.set(view, [entry]);
    void settled().then(() => {
      over = true;
      const entries = held.get(view) ?? [];
      held.delete(view);
      for (const next of entries) if (!view.isDestroyed) replay(view, next);
    });
  };
  return new Plugin({
    props: {
      handleKeyDown(view, event) {
        if (over || MODIFIERS.has(event.key) || event.isComposing || (!held.has(view) && !tableTakesTab(view.state, event))) return false;
        const { key, code, shiftKey, ctrlKey, metaKey, altKey, keyCode, charCode } = event;
        hold(view, { key: { key, code, shiftKey, ctrlKey, metaKey, altKey, keyCode, charCode } });
        return true;
      },
      handleTextInput(view, _from, _to, text) {
        if (!held.has(view)) return false;
        hold(view, { text });
        return true;
      },
    },
  });
}
