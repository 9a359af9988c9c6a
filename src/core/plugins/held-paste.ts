/**
 * The paste plugin's key, and what holds a paste or a drop that comes before the plugins that
 * take it (the embed bundle fetches the paste pipeline after the first paint, with the pieces,
 * and image uploads on first need): the clipboard's or the drop's data is copied, the event
 * stopped and what it needs asked for at once; once that has arrived the event is replayed
 * through it, so the content is cleaned exactly as any paste's and files are uploaded where
 * they were dropped. Should the paste pipeline never arrive, a held paste or drop, and every one
 * after it, is pasted as its plain text.
 */
import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** The paste plugin's key (the plugin keeps no state; the key identifies it). */
export const pasteKey = new PluginKey('paste');

/** A paste or an outside drop held until what it needs arrives, with a copy of its data. */
interface Held {
  readonly type: 'paste' | 'drop';
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
 * replays them, in order, once every need of the held ones has settled. The first need is the
 * paste pipeline's (pasteNeed). Files dragged over the editor ask for what their drop will need.
 */
export function heldPastePlugin(needs: readonly PasteNeed[]): Plugin {
  const held = new WeakMap<EditorView, { queue: Held[]; settled: Promise<unknown>; waited: Set<PasteNeed> }>();
  const [pipeline] = needs;
  /** Needs that settled without arriving (their chunk failed, with its warning): nothing waits for them again. */
  const gone = new Set<PasteNeed>();
  /** The events replayed: never held again. */
  const replayed = new WeakSet<Event>();

  const missing = (view: EditorView, type: Held['type'], types: readonly string[]) =>
    needs.filter((need) => !gone.has(need) && !need.ready(view.state) && (need.needed?.(type, types) ?? true));

  const replay = (view: EditorView): void => {
    const { queue = [], waited = new Set<PasteNeed>() } = held.get(view) ?? {};
    held.delete(view);
    if (view.isDestroyed) return;
    const failed = [...waited].filter((need) => !need.ready(view.state));
    for (const need of failed) gone.add(need);
    for (const entry of queue) {
      // Files alone that nothing arrived to take (their warning said why): nothing to paste.
      if (failed.length && entry.data.types.every((type) => type === 'Files')) continue;
      if (pipeline.ready(view.state)) {
        const event = eventOf(entry);
        replayed.add(event);
        view.dispatchEvent(event);
      } else pastePlain(view, entry.data);
    }
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
    const entry = { type, data: copyOf(data), clientX, clientY };
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

  return new Plugin({
    props: {
      handleDOMEvents: {
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
