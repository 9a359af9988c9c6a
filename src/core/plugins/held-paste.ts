/**
 * The paste plugin's key, and what holds a paste or a drop that comes before the paste plugin
 * (the embed bundle fetches the paste pipeline after the first paint, with the pieces): the
 * clipboard's or the drop's data is copied and the event stopped, and once the pipeline has
 * arrived it is replayed through it, so the content is cleaned exactly as any paste is. Should
 * the pipeline never arrive, a held paste or drop is pasted as its plain text.
 */
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** The paste plugin's key (the plugin keeps no state; the key identifies it). */
export const pasteKey = new PluginKey('paste');

/** A paste or an outside drop held until the paste pipeline arrives, with a copy of its data. */
interface Held {
  readonly type: 'paste' | 'drop';
  readonly data: DataTransfer;
  readonly clientX: number;
  readonly clientY: number;
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

/** Options of the holding plugin. */
export interface HeldPasteOptions {
  /** Settles once the paste pipeline has arrived in the editor's state or can no longer arrive (asking starts its load). */
  settled(): Promise<void>;
}

/** Holds pastes and outside drops while the editor's state has no paste plugin, and replays them when it has. */
export function heldPastePlugin(options: HeldPasteOptions): Plugin {
  const held = new WeakMap<EditorView, Held[]>();

  const replay = (view: EditorView): void => {
    const queue = held.get(view) ?? [];
    held.delete(view);
    if (view.isDestroyed) return;
    for (const entry of queue) {
      if (pasteKey.get(view.state)) view.dispatchEvent(eventOf(entry));
      else {
        const text = entry.data.getData('text/plain');
        if (text) view.pasteText(text);
      }
    }
  };

  const hold = (view: EditorView, event: Event, type: Held['type'], data: DataTransfer | null): boolean => {
    // A drag inside the document moves content it already holds: ProseMirror's own drop does that.
    if (pasteKey.get(view.state) || !data || !view.editable || (type === 'drop' && view.dragging)) return false;
    event.preventDefault();
    let queue = held.get(view);
    if (!queue) {
      held.set(view, (queue = []));
      void options.settled().then(() => replay(view));
    }
    const { clientX = 0, clientY = 0 } = event as Partial<DragEvent>;
    queue.push({ type, data: copyOf(data), clientX, clientY });
    return true;
  };

  return new Plugin({
    props: {
      handleDOMEvents: {
        paste: (view, event) => hold(view, event, 'paste', event.clipboardData),
        drop: (view, event) => hold(view, event, 'drop', event.dataTransfer),
      },
    },
  });
}
