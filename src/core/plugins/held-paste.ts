/**
 * The paste plugin's key, and what holds a paste or a drop that comes before the plugins that
 * take it (the embed bundle fetches the paste pipeline after the first paint, with the pieces,
 * and image uploads on first need): the clipboard's or the drop's data is copied, the event
 * stopped and what it needs asked for at once; once that has arrived the event is replayed
 * through it, so the content is cleaned exactly as any paste's and files are uploaded where
 * they were dropped. A held paste lands where it was made (its selection is mapped through the
 * changes made meanwhile) and a plain-text paste (Ctrl+Shift+V) stays plain. Should the paste
 * pipeline never arrive, a held paste or drop, and every one after it, is pasted as its plain text.
 */
import { Plugin, PluginKey, type EditorState, type SelectionBookmark } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** The paste plugin's key (the plugin keeps no state; the key identifies it). */
export const pasteKey = new PluginKey('paste');

/** A paste or an outside drop held until what it needs arrives, with a copy of its data. */
interface Held {
  readonly type: 'paste' | 'drop';
  /** A paste with Shift held (Ctrl+Shift+V, not Shift+Insert): its text only, as ProseMirror pastes it. */
  readonly plain: boolean;
  readonly data: DataTransfer;
  readonly clientX: number;
  readonly clientY: number;
}

/** What a paste or drop may have to wait for: the paste pipeline, image uploads. */
export interface PasteNeed {
  /** Whether it is in the state. */
  ready(state: EditorState): boolean;
  /** Whether a paste or drop with these data types needs it (every one, when left out). */
  needed?(type: Held['type'], types: readonly string[]): boolean;
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
function eventOf(entry: Held): Event {
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
  const held = new WeakMap<EditorView, { queue: Held[]; settled: Promise<unknown>; waited: Set<PasteNeed> }>();
  const [pipeline] = needs;
  /** Needs that settled without arriving (their chunk failed, with its warning): nothing waits for them again. */
  const gone = new Set<PasteNeed>();
  /** The events replayed: never held again. */
  const replayed = new WeakSet<Event>();
  /** Per view, whether Shift is down and the last key pressed (ProseMirror's rule for a plain paste). */
  const keys = new WeakMap<EditorView, { shift: boolean; last: number }>();

  const missing = (view: EditorView, type: Held['type'], types: readonly string[]) =>
    needs.filter((need) => !gone.has(need) && !need.ready(view.state) && (need.needed?.(type, types) ?? true));

  const replay = (view: EditorView): void => {
    const { queue = [], waited = new Set<PasteNeed>() } = held.get(view) ?? {};
    held.delete(view);
    if (view.isDestroyed) return;
    const failed = [...waited].filter((need) => !need.ready(view.state));
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
  };

  const hold = (view: EditorView, event: Event, type: Held['type'], data: DataTransfer | null): boolean => {
    // A drag inside the document moves content it already holds: ProseMirror's own drop does that.
    if (!data || !view.editable || (type === 'drop' && view.dragging) || replayed.has(event)) return false;
    // Without the pipeline for good, nothing is parsed as HTML: a paste or drop is its text.
    if (gone.has(pipeline) && !pipeline.ready(view.state)) {
      event.preventDefault();
      pastePlain(view, data);
      return true;
    }
    const waits = missing(view, type, data.types);
    const pending = held.get(view);
    // Once something is held, what follows waits behind it, so the order is kept.
    if (!waits.length && !pending) return false;
    event.preventDefault();
    const { clientX = 0, clientY = 0 } = event as Partial<DragEvent>;
    const pressed = keys.get(view);
    const plain = type === 'paste' && !!pressed?.shift && pressed.last !== INSERT_KEY;
    const entry = { type, plain, data: copyOf(data), clientX, clientY };
    view.dispatch(view.state.tr.setMeta(heldKey, view.state.selection.getBookmark()));
    const settled = Promise.all([pending?.settled, ...waits.map((need) => need.settled())]);
    if (pending) {
      pending.queue.push(entry);
      pending.settled = settled;
      for (const need of waits) pending.waited.add(need);
    } else held.set(view, { queue: [entry], settled, waited: new Set(waits) });
    const current = held.get(view)!;
    void settled.then(() => held.get(view) === current && current.settled === settled && replay(view));
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
