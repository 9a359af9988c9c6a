import type { EditorView } from 'prosemirror-view';
import type { EditorHub } from '../editor-controller.js';

/** Told whether the editor now accepts input (a node view, without a closure of its own). */
export interface EditableListener {
  setEditable(editable: boolean): void;
}

/**
 * Tells node views when the editor turns read-only or editable again. ProseMirror
 * does not redraw node views for that (their node and decorations are unchanged),
 * so they hear it here: one hub subscription per editor, held only while some node
 * view listens, and listeners called only when editability actually changes.
 */
export class EditableWatch {
  private readonly listeners = new Set<EditableListener>();
  private unsubscribe: (() => void) | null = null;
  private last = false;

  constructor(private readonly hub: EditorHub) {}

  /** Calls `listener` whenever `view` changes editability, until `unwatch`. */
  watch(view: EditorView, listener: EditableListener): void {
    if (!this.unsubscribe) {
      this.last = view.editable;
      this.unsubscribe = this.hub.subscribe((current) => {
        if (current.editable === this.last) return;
        this.last = current.editable;
        for (const each of [...this.listeners]) each.setEditable(this.last);
      });
    }
    this.listeners.add(listener);
  }

  /** Stops telling `listener`; the hub subscription ends with the last one. */
  unwatch(listener: EditableListener): void {
    this.listeners.delete(listener);
    if (this.listeners.size || !this.unsubscribe) return;
    this.unsubscribe();
    this.unsubscribe = null;
  }
}
