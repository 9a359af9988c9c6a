/**
 * Input that comes before the part of the editor that takes it, held and given back once that
 * part has arrived (the embed bundle fetches the paste pipeline after the first paint, with the
 * pieces, image uploads on first need, and table editing when a table is first drawn): one
 * queue per editor (`heldInputs`) keeps what was held in order until everything it waits for
 * has settled, arrived or failed, and replays it then.
 *
 * Pastes and drops (`heldPastePlugin`): the clipboard's or the drop's data is copied, the event
 * stopped and what it needs asked for at once; once that has arrived the event is replayed
 * through it, so the content is cleaned exactly as any paste's and files are uploaded where
 * they were dropped. A held paste lands where it was made (its selection is mapped through the
 * changes made meanwhile) and a plain-text paste (Ctrl+Shift+V) stays plain. Should the paste
 * pipeline never arrive, a held paste or drop, and every one after it, is pasted as its plain text.
 *
 * Tab and Shift+Tab in a table (`heldTableKeysPlugin`): the key is held, with every key and text
 * that follows it, and once table editing has arrived (or could not) they are replayed in order
 * through the editor's handlers, so the caret moves to the next cell and what was typed after
 * lands there. Without it the Tab would be taken and do nothing (Tab never leaves an editable
 * editor on its own), and the text typed next would stay in the cell it was meant to leave.
 */
import { Plugin, PluginKey, type EditorState, type SelectionBookmark } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { liftItem, sinkItem } from '../commands/lists.js';
import { withDomSelection } from './dom-selection.js';

/** Input held per editor until what it waits for has settled. */
interface HeldInputs<T> {
  /** Whether something is held in the editor. */
  has(view: EditorView): boolean;
  /** Holds `entry` until `settled` has, and everything held before it in the editor (what follows waits behind it, so the order is kept). */
  hold(view: EditorView, entry: T, settled: Promise<unknown>): void;
}

/** A queue per editor whose entries `replay` is given, in the order held, once all that they wait for has settled. */
function heldInputs<T>(replay: (view: EditorView, entries: readonly T[]) => void): HeldInputs<T> {
  const held = new WeakMap<EditorView, { queue: T[]; settled: Promise<unknown> }>();
  return {
    has: (view) => held.has(view),
    hold(view, entry, settled) {
      let current = held.get(view);
      if (!current) held.set(view, (current = { queue: [], settled }));
      const all = (current.settled = Promise.all([current.settled, settled]));
      current.queue.push(entry);
      void all.then(() => {
        // Something held since waits for more: that one replays them all.
        if (held.get(view) !== current || current.settled !== all) return;
        held.delete(view);
        replay(view, current.queue);
      });
    },
  };
}

/* ---------------------------------------------------------------- pastes and drops */

/** The paste plugin's key (the plugin keeps no state; the key identifies it). */
export const pasteKey = new PluginKey('paste');

/** A paste or an outside drop held until what it needs arrives, with a copy of its data. */
interface HeldPaste {
  readonly type: 'paste' | 'drop';
  /** A paste with Shift held (Ctrl+Shift+V, not Shift+Insert): its text only, as ProseMirror pastes it. */
  readonly plain: boolean;
  readonly data: DataTransfer;
  readonly clientX: number;
  readonly clientY: number;
  /** What it waits for. */
  readonly waits: readonly PasteNeed[];
}

/** What a paste or drop may have to wait for: the paste pipeline, image uploads. */
export interface PasteNeed {
  /** Whether it is in the state. */
  ready(state: EditorState): boolean;
  /** Whether a paste or drop with these data types needs it (every one, when left out). */
  needed?(type: HeldPaste['type'], types: readonly string[]): boolean;
  /** Settles once it has arrived in the state or can no longer arrive; asking starts its load. */
  settled(): Promise<void>;
}

/** The paste pipeline's need, whose load `settled` starts and awaits. */
export function pasteNeed(settled: () => Promise<void>): PasteNeed {
  return { ready: (state) => !!pasteKey.get(state), settled };
}

/**
 * Where the held pastes were made, in the order held, mapped through every change since (the
 * state of `heldKey`): a paste is replayed at its own place, not where the caret went meanwhile.
 */
const heldKey = new PluginKey<readonly SelectionBookmark[]>('heldPaste');

/** Keys that tell a plain paste, as ProseMirror reads them: Shift down, and Insert (Shift+Insert pastes richly). */
const INSERT_KEY = 45;

/** A copy of the data, readable after its event (the browser empties an event's own once it is over). */
function copyOf(data: DataTransfer): DataTransfer {
  const copy = new DataTransfer();
  for (const type of data.types) if (type !== 'Files') copy.setData(type, data.getData(type));
  for (const file of Array.from(data.files)) copy.items.add(file);
  return copy;
}

/**
 * The event again, for ProseMirror's own handling (not bubbling: it is dispatched to the view
 * only). Firefox leaves a script-made event's data out of it, so there the copy is its own property.
 */
function eventOf(entry: HeldPaste): Event {
  const { data } = entry;
  if (entry.type === 'paste') {
    const event = new ClipboardEvent('paste', { clipboardData: data, cancelable: true });
    return event.clipboardData === data ? event : Object.defineProperty(event, 'clipboardData', { value: data });
  }
  const event = new DragEvent('drop', { dataTransfer: data, clientX: entry.clientX, clientY: entry.clientY, cancelable: true });
  return event.dataTransfer === data ? event : Object.defineProperty(event, 'dataTransfer', { value: data });
}

/** Pastes the data's plain text, if it has any, at the selection. */
function pastePlain(view: EditorView, data: DataTransfer): void {
  const text = data.getData('text/plain');
  if (text) view.pasteText(text);
}

/**
 * Holds pastes and outside drops while a need of theirs is not in the editor's state, and
 * replays them, in order and each at its own selection, once every need of the held ones has settled. The first need is the
 * paste pipeline's (pasteNeed). Files dragged over the editor ask for what their drop will need.
 */
export function heldPastePlugin(needs: readonly PasteNeed[]): Plugin {
  const [pipeline] = needs;
  /** Needs that settled without arriving (their chunk failed, with its warning): nothing waits for them again. */
  const gone = new Set<PasteNeed>();
  /** The events replayed: never held again. */
  const replayed = new WeakSet<Event>();
  /** Per view, whether Shift is down and the last key pressed (ProseMirror's rule for a plain paste). */
  const keys = new WeakMap<EditorView, { shift: boolean; last: number }>();

  const missing = (view: EditorView, type: HeldPaste['type'], types: readonly string[]) =>
    needs.filter((need) => !gone.has(need) && !need.ready(view.state) && (need.needed?.(type, types) ?? true));

  const held = heldInputs<HeldPaste>((view, queue) => {
    if (view.isDestroyed) return;
    const failed = needs.filter((need) => queue.some((entry) => entry.waits.includes(need)) && !need.ready(view.state));
    for (const need of failed) gone.add(need);
    queue.forEach((entry, i) => {
      if (view.isDestroyed) return;
      // Files alone that nothing arrived to take (their warning said why): nothing to paste.
      if (failed.length && entry.data.types.every((type) => type === 'Files')) return;
      const place = heldKey.getState(view.state)?.[i];
      if (entry.type === 'paste' && place) view.dispatch(view.state.tr.setSelection(place.resolve(view.state.doc)));
      if (entry.plain) pastePlain(view, entry.data);
      else if (pipeline.ready(view.state)) {
        const event = eventOf(entry);
        replayed.add(event);
        view.dispatchEvent(event);
      } else pastePlain(view, entry.data);
    });
    if (!view.isDestroyed) view.dispatch(view.state.tr.setMeta(heldKey, 'replayed'));
  });

  const hold = (view: EditorView, event: Event, type: HeldPaste['type'], data: DataTransfer | null): boolean => {
    // A drag inside the document moves content it already holds: ProseMirror's own drop does that.
    if (!data || !view.editable || (type === 'drop' && view.dragging) || replayed.has(event)) return false;
    // Without the pipeline for good, nothing is parsed as HTML: a paste or drop is its text.
    if (gone.has(pipeline) && !pipeline.ready(view.state)) {
      event.preventDefault();
      pastePlain(view, data);
      return true;
    }
    const waits = missing(view, type, data.types);
    // Once something is held, what follows waits behind it, so the order is kept.
    if (!waits.length && !held.has(view)) return false;
    event.preventDefault();
    const { clientX = 0, clientY = 0 } = event as Partial<DragEvent>;
    const pressed = keys.get(view);
    const plain = type === 'paste' && !!pressed?.shift && pressed.last !== INSERT_KEY;
    view.dispatch(view.state.tr.setMeta(heldKey, view.state.selection.getBookmark()));
    held.hold(view, { type, plain, data: copyOf(data), clientX, clientY, waits }, Promise.all(waits.map((need) => need.settled())));
    return true;
  };

  return new Plugin<readonly SelectionBookmark[]>({
    key: heldKey,
    state: {
      init: () => [],
      apply(tr, places) {
        const meta = tr.getMeta(heldKey) as SelectionBookmark | 'replayed' | undefined;
        if (meta === 'replayed') return [];
        // Text typed at a held paste's place comes after it (the place stays before an insertion
        // there); of held pastes made at one place, each lands after the one before it.
        const side = ['paste', 'drop'].includes(tr.getMeta('uiEvent') as string) ? 1 : -1;
        const mapping = { map: (pos: number) => tr.mapping.map(pos, side), mapResult: (pos: number) => tr.mapping.mapResult(pos, side) };
        const mapped = tr.docChanged ? places.map((place) => place.map(mapping)) : places;
        return meta ? [...mapped, meta] : mapped;
      },
    },
    props: {
      handleDOMEvents: {
        keydown(view, event) {
          keys.set(view, { shift: event.keyCode === 16 || event.shiftKey, last: event.keyCode });
          return false;
        },
        keyup(view, event) {
          const pressed = keys.get(view);
          if (pressed && event.keyCode === 16) pressed.shift = false;
          return false;
        },
        paste: (view, event) => hold(view, event, 'paste', event.clipboardData),
        drop: (view, event) => hold(view, event, 'drop', event.dataTransfer),
        dragenter(view, event) {
          const types = event.dataTransfer?.types ?? [];
          if (view.editable && types.includes('Files')) for (const need of missing(view, 'drop', types)) void need.settled();
          return false;
        },
      },
    },
  });
}

/* ---------------------------------------------------------------- Tab in a table */

/** A key pressed or a text input while a Tab was held (or, editing together, before the shared document arrived). */
export type HeldKey = { key: KeyboardEventInit } | { text: string };

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
export function replayKey(view: EditorView, entry: HeldKey): void {
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
    if (!view.someProp('handleKeyPress', (handle) => handle(view, keyEvent('keypress', init)))) replayKey(view, { text: key });
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

/** Whether the keys that move blocks (which come with the pieces: commands/move-block.ts) would take this key: Alt+Shift+ArrowUp or ArrowDown. */
export function movesBlock(_state: EditorState, event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown');
}

/**
 * Stands in for table editing until it arrives (the tables slot's waiting plugin): holds a Tab
 * that table editing would take, and what follows it, until `settled` (table editing's load,
 * which settles once it has arrived or could not) and replays them then.
 */
export const heldTableKeysPlugin = (settled: () => Promise<void>): Plugin => heldKeysPlugin(settled, tableTakesTab);

/**
 * Stands in for a part's keys until it arrives (its slot's waiting plugin): holds a key the part
 * would take (`takes`), with every key and text that follows it, until `settled` (the part's load,
 * which settles once it has arrived or could not) and replays them then.
 */
export function heldKeysPlugin(settled: () => Promise<void>, takes: (state: EditorState, event: KeyboardEvent) => boolean): Plugin {
  /** The part arrived or cannot: nothing is held any more. */
  let over = false;
  const held = heldInputs<HeldKey>((view, entries) => {
    over = true;
    for (const next of entries) if (!view.isDestroyed) replayKey(view, next);
  });
  return new Plugin({
    props: {
      handleKeyDown(view, event) {
        if (over || MODIFIERS.has(event.key) || event.isComposing || (!held.has(view) && !takes(view.state, event))) return false;
        const { key, code, shiftKey, ctrlKey, metaKey, altKey, keyCode, charCode } = event;
        held.hold(view, { key: { key, code, shiftKey, ctrlKey, metaKey, altKey, keyCode, charCode } }, settled());
        return true;
      },
      handleTextInput(view, _from, _to, text) {
        if (!held.has(view)) return false;
        held.hold(view, { text }, settled());
        return true;
      },
    },
  });
}
