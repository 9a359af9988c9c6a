import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** Called after every state change of the editor with the previous state (null on creation). */
export type EditorListener = (view: EditorView, previous: EditorState | null) => void;

/**
 * What the element shares with its UI pieces (toolbar, menus, drag handle, table
 * controls): the live view, whether it is editable, and a way to hear every update.
 * One per element, so two editors on a page share nothing.
 */
export class EditorHub {
  private readonly listeners = new Set<EditorListener>();
  private current: EditorView | null = null;

  /** The live view, or null while the element is not connected. */
  get view(): EditorView | null {
    return this.current;
  }

  /** Whether the editor accepts input (false in read-only mode and while detached). */
  get editable(): boolean {
    return !!this.current && this.current.editable;
  }

  /** Attaches (or, with null, detaches) the view; listeners hear about it. */
  attach(view: EditorView | null): void {
    this.current = view;
    if (view) this.notify(null);
  }

  /** Subscribes to updates; returns the unsubscribe function. */
  subscribe(listener: EditorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener the view changed. A failing listener does not stop the others. */
  notify(previous: EditorState | null): void {
    const view = this.current;
    if (!view) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(view, previous);
      } catch (error) {
        // A UI piece that throws must not break typing; report it without stopping the loop.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

/**
 * A Lit controller for UI pieces: it subscribes to the hub while the piece is
 * connected and asks for a render on every editor update (the piece decides, in
 * `shouldUpdate`, whether anything it shows changed).
 */
export class EditorStateController implements ReactiveController {
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & { hub: EditorHub | null },
    private readonly onUpdate?: EditorListener,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribe = this.host.hub?.subscribe((view, previous) => {
      this.onUpdate?.(view, previous);
      this.host.requestUpdate();
    }) ?? null;
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Re-subscribes after the host's `hub` property changed. */
  reconnect(): void {
    this.hostDisconnected();
    this.hostConnected();
  }
}
