import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { Schema } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import type { Collaboration, CollabState } from '../../collab/provider.js';

export type { Collaboration };
import { log } from '../../core/log.js';
import type { Words } from '../../core/strings.js';
import { emit, RichEditorEvents } from '../events.js';
import type { RichEditor } from './rich-editor.component.js';

type Chunk = typeof import('../../collab/editor-plugins.js');

/**
 * The element's side of editing together: loads the shared-document code (its own chunk) when
 * `collaboration` is set, starts the provider with the editor's schema, tells the host how it
 * stands (`rich-editor-collab-status`), keeps the editor read-only until the first sync (and for
 * good when the document holds what this editor cannot show, or access ends), and has the view
 * rebuilt around the shared document once it is there. The host's `value` is never a seed.
 */
export class CollaborationController implements ReactiveController {
  private chunk: Chunk | null = null;
  private attached: Collaboration | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Whether the view was built around the shared document (after the first sync). */
  private bound = false;
  /** The last state told to the host. */
  state: CollabState | null = null;

  constructor(
    private readonly host: RichEditor,
    /** Rebuilds the view (the shared document arrived, or the collaboration changed). */
    private readonly rebuild: () => void,
    /** Tells the view and the UI that what may be done changed. */
    private readonly refresh: () => void,
    /** The schema the editor edits with. */
    private readonly schema: () => Schema,
  ) {
    host.addController(this);
  }

  /** Whether the editor edits a shared document. */
  get active(): boolean {
    return !!this.host.collaboration;
  }

  /** Whether the shared document may be edited here: synced, and neither read-only nor stopped. */
  get editable(): boolean {
    if (!this.active) return true;
    const state = this.state;
    return !!this.chunk && !!state && state.status !== 'connecting' && !state.readOnly && this.attached?.provider.isSynced === true;
  }

  /** The shared document's first content and plugins for the view, once they can be had (null meanwhile: an empty, read-only editor). */
  editing(schema: Schema): ReturnType<Chunk['collabEditing']> | null {
    const collaboration = this.attached;
    if (!collaboration || !this.chunk || !collaboration.provider.isSynced) return null;
    this.bound = true;
    return this.chunk.collabEditing(collaboration.provider, schema, collaboration.user, { carets: collaboration.carets !== false });
  }

  /** A transaction as the view should apply it: a remote change narrowed to what it changed. */
  narrow(state: EditorState, tr: Transaction): Transaction {
    return this.chunk && this.active ? this.chunk.narrowRemote(state, tr) : tr;
  }

  /** Whether a transaction is another person's change (or an undo through the shared document): not the user's own input. */
  isRemote(tr: Transaction): boolean {
    return !!this.chunk && this.active && this.chunk.isRemote(tr);
  }

  /** What the editor says about the shared document when it cannot be edited (a live region, read by screen readers). */
  notice(words: Words): TemplateResult | typeof nothing {
    const status = this.active ? (this.state?.status ?? 'connecting') : null;
    if (!status || status === 'synced' || status === 'offline') return nothing;
    const text = status === 'connecting' ? words['collab.connecting'] : status === 'unauthorized' ? words['collab.unauthorized'] : words['collab.incompatible'];
    return html`<div class="collab-notice" role="status" part="collab-notice" data-status=${status}>${text}</div>`;
  }

  hostUpdated(): void {
    if (this.host.collaboration !== this.attached) this.attach(this.host.collaboration ?? null);
  }

  hostDisconnected(): void {
    this.attach(null);
  }

  hostConnected(): void {
    this.attach(this.host.collaboration ?? null);
  }

  private attach(collaboration: Collaboration | null): void {
    if (collaboration === this.attached) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    const had = this.attached;
    this.attached = collaboration;
    this.state = null;
    this.bound = false;
    if (!collaboration) {
      if (had && this.host.isConnected) this.rebuild();
      return;
    }
    const { provider } = collaboration;
    if (typeof provider?.subscribe !== 'function') {
      log.error('collaboration.provider is not a provider from rich-editor/collab; the editor does not edit a shared document');
      return;
    }
    this.unsubscribe = provider.subscribe((state) => this.changed(state));
    this.changed(provider.current);
    import('../../collab/editor-plugins.js')
      .then((chunk) => {
        this.chunk = chunk;
        if (this.attached !== collaboration) return;
        provider.start(this.schema());
        this.rebuild();
      })
      .catch((error: unknown) => log.error('The collaboration code could not be loaded (is its chunk beside the editor\'s script?); the editor stays read-only', error));
    // Until the shared document is there, the editor shows nothing of the host's value and takes no typing.
    this.rebuild();
  }

  private changed(state: CollabState): void {
    const before = this.state;
    this.state = state;
    emit(this.host, RichEditorEvents.collabStatus, state);
    // The first sync builds the view around the shared document; later changes (offline and
    // back, read-only, stopped) only change what may be done: the document stays as it is.
    if (!this.bound && state.status === 'synced' && this.chunk) this.rebuild();
    else if (before?.readOnly !== state.readOnly || before?.status !== state.status) this.refresh();
  }
}
