/**
 * The element's side of editing together, loaded with the shared-document code (its own chunk)
 * the first time `collaboration` is set: it starts the provider with the editor's schema, tells
 * the host how it stands (`rich-editor-collab-status`), keeps the editor read-only until the first
 * sync (and for good when the document holds what this editor cannot show, or access ends), and
 * has the view rebuilt around the shared document once it is there. The host's `value` is never a seed.
 */
import type { ReactiveController } from 'lit';
import type { Schema } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import { Selection } from 'prosemirror-state';
import { replayKey, type HeldKey } from '../core/plugins/held-input.js';
import { log } from '../core/log.js';
import { emit, RichEditorEvents } from '../element/events.js';
import type { RichEditor } from '../element/rich-editor/rich-editor.component.js';
import { caretColor, collabEditing, isRemote, narrowRemote, type CollabEditing } from './editor-plugins.js';
import type { Collaboration, CollabState } from './provider.js';

/** What the binding needs of its element. */
export interface BindingHost {
  /** The element: its `collaboration` is followed, and the status events go to it. */
  element: RichEditor;
  /** Rebuilds the view (the shared document arrived, or the collaboration changed). */
  rebuild(): void;
  /** Tells the view and the UI that what may be done changed. */
  refresh(): void;
  /** The schema the editor edits with. */
  schema(): Schema;
}

/**
 * One element's binding to whichever shared document its `collaboration` names: a controller of
 * the element's, following that property while the element is on the page.
 */
export class CollabBinding implements ReactiveController {
  private attached: Collaboration | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Whether the view was built around the shared document (after the first sync). */
  private bound = false;
  /** The last state told to the host. */
  state: CollabState | null = null;
  /** Whether the user's last change was refused as too large to share (until their next change is made). */
  tooLarge = false;
  /** Keys typed into the editor while it waited for the shared document, in order. */
  private typed: HeldKey[] = [];

  constructor(private readonly host: BindingHost) {
    // Connected already (it is made once `collaboration` is set): hostConnected runs at once.
    host.element.addController(this);
  }

  hostConnected(): void {
    this.host.element.renderRoot.addEventListener('keydown', this.onKey as EventListener);
    this.follow();
  }

  hostUpdated(): void {
    this.follow();
  }

  hostDisconnected(): void {
    this.host.element.renderRoot.removeEventListener('keydown', this.onKey as EventListener);
    this.attach(null);
  }

  /**
   * A key typed into the editor while it waits for the shared document (a click and typing at
   * once, as a host's end-to-end test does, or a user quicker than the connection): a character,
   * Enter, Backspace or Delete is kept, to be typed once the document is there; shortcuts and
   * moves are left to the browser.
   */
  private readonly onKey = (event: KeyboardEvent): void => {
    const { key, code, shiftKey, ctrlKey, metaKey, altKey, keyCode, charCode } = event;
    if (this.bound || !this.attached || event.defaultPrevented || event.isComposing || ctrlKey || metaKey) return;
    if ([...key].length !== 1 && key !== 'Enter' && key !== 'Backspace' && key !== 'Delete') return;
    if (!(event.composedPath()[0] as Element).closest?.('[role="textbox"]')) return;
    event.preventDefault();
    this.typed.push({ key: { key, code, shiftKey, ctrlKey, metaKey, altKey, keyCode, charCode } });
  };

  /** Once the view holds the shared document: the caret at its end, and what was typed while waiting typed there, if the user may edit. */
  private typeWhatWaited(): void {
    const view = this.host.element.editorView;
    const typed = this.typed.splice(0);
    if (!view?.hasFocus() || !view.editable) return;
    view.dispatch(view.state.tr.setSelection(Selection.atEnd(view.state.doc)).scrollIntoView());
    for (const entry of typed) replayKey(view, entry);
  }

  /** Whether the view was built around the shared document (after its first sync). */
  get arrived(): boolean {
    return this.bound;
  }

  /** Whether the shared document may be edited here: synced, and neither read-only nor stopped. */
  get editable(): boolean {
    const state = this.state;
    return !!state && state.status !== 'connecting' && !state.readOnly && this.attached?.provider.isSynced === true;
  }

  /** The shared document's first content and plugins for the view once synced (null meanwhile: an empty, read-only editor). */
  editing(schema: Schema): CollabEditing | null {
    const collaboration = this.attached;
    if (!collaboration?.provider.isSynced) return null;
    this.bound = true;
    return collabEditing(collaboration.provider, schema, collaboration.user, {
      carets: collaboration.carets !== false,
      onTooLarge: (refused) => {
        this.tooLarge = refused;
        this.host.element.requestUpdate();
      },
    });
  }

  /** A transaction as the view should apply it: a remote change narrowed to what it changed. */
  narrow(state: EditorState, tr: Transaction): Transaction {
    return narrowRemote(state, tr);
  }

  /** Whether a transaction is another person's change (or an undo through the shared document): not the user's own input. */
  isRemote(tr: Transaction): boolean {
    return isRemote(tr);
  }

  private follow(): void {
    const { element } = this.host;
    this.attach(element.isConnected ? (element.collaboration ?? null) : null);
  }

  /** Follows the element's `collaboration` (null: none, or the element left the page). */
  private attach(collaboration: Collaboration | null): void {
    if (collaboration === this.attached) return;
    // The same provider, person and carets in a new object (React writing it inline at each
    // render): the view stays; a new name, colour or picture is told to the others.
    const before = this.attached;
    if (collaboration && before && collaboration.provider === before.provider && collaboration.user?.id === before.user?.id && (collaboration.carets !== false) === (before.carets !== false)) {
      this.attached = collaboration;
      const { user } = collaboration;
      if (this.bound && (user.name !== before.user.name || user.color !== before.user.color || user.avatar !== before.user.avatar)) {
        collaboration.provider.setUser({ ...user, color: caretColor(user) });
      }
      return;
    }
    this.unsubscribe?.();
    this.unsubscribe = null;
    const had = this.attached;
    this.attached = collaboration;
    this.state = null;
    this.bound = false;
    this.typed = [];
    if (!collaboration) {
      if (had) this.host.rebuild();
      return;
    }
    const { provider } = collaboration;
    if (typeof provider?.subscribe !== 'function') {
      log.error('collaboration.provider is not a provider from rich-editor/collab; the editor does not edit a shared document');
      return;
    }
    this.unsubscribe = provider.subscribe((state) => this.changed(state));
    this.changed(provider.current);
    provider.start(this.host.schema());
    // Until the shared document is there, the editor shows nothing of the host's value and takes no typing.
    if (!this.bound) this.host.rebuild();
  }

  private changed(state: CollabState): void {
    const before = this.state;
    this.state = state;
    emit(this.host.element, RichEditorEvents.collabStatus, state);
    // The first sync builds the view around the shared document; later changes (offline and
    // back, read-only, stopped) only change what may be done: the document stays as it is.
    if (!this.bound && state.status === 'synced') {
      this.host.rebuild();
      this.typeWhatWaited();
    }
    if (before?.readOnly !== state.readOnly || before?.status !== state.status) this.host.refresh();
  }
}
