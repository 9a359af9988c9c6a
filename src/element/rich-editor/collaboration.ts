import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { Schema } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import type { CollabBinding } from '../../collab/element-binding.js';
import type { Collaboration } from '../../collab/provider.js';
import { log } from '../../core/log.js';
import type { Words } from '../../core/strings.js';
import type { RichEditor } from './rich-editor.component.js';

export type { Collaboration };

/**
 * Editing together, as far as the editor's own file must know it: whether it is on, whether the
 * user may type, and the notice that says why not. Everything else (the provider's states, the
 * shared document's plugins) loads with the collaboration chunk the first time `collaboration`
 * is set (src/collab/element-binding.ts), so a page that never edits together loads none of it.
 */
export class CollaborationController implements ReactiveController {
  private binding: CollabBinding | null = null;
  private loading = false;

  constructor(
    private readonly host: RichEditor,
    private readonly view: { rebuild(): void; refresh(): void; schema(): Schema },
  ) {
    host.addController(this);
  }

  /** Whether the editor edits a shared document. */
  get active(): boolean {
    return !!this.host.collaboration;
  }

  /** Whether the user may type: always without collaboration; once synced and allowed with it. */
  get editable(): boolean {
    return !this.active || !!this.binding?.editable;
  }

  /** The shared document's content and plugins for the view, once there (null: an empty, read-only editor meanwhile). */
  editing(schema: Schema): ReturnType<CollabBinding['editing']> {
    return this.active && this.binding ? this.binding.editing(schema) : null;
  }

  /** A remote change narrowed to what it changed; anything else as it is. */
  narrow(state: EditorState, tr: Transaction): Transaction {
    return this.active && this.binding ? this.binding.narrow(state, tr) : tr;
  }

  /** Whether a transaction is another person's change, not the user's own input. */
  isRemote(tr: Transaction): boolean {
    return this.active && !!this.binding?.isRemote(tr);
  }

  /** Why the shared document cannot be edited here, as a live region (nothing when it can). */
  notice(words: Words): TemplateResult | typeof nothing {
    const status = this.active ? (this.binding?.state?.status ?? 'connecting') : null;
    if (!status || status === 'synced' || status === 'offline') return nothing;
    const text = status === 'connecting' ? words['collab.connecting'] : status === 'unauthorized' ? words['collab.unauthorized'] : words['collab.incompatible'];
    return html`<div class="collab-notice" role="status" part="collab-notice" data-status=${status}>${text}</div>`;
  }

  hostConnected(): void {
    this.follow();
  }

  hostUpdated(): void {
    this.follow();
  }

  hostDisconnected(): void {
    this.binding?.attach(null);
  }

  private follow(): void {
    const wanted = this.host.isConnected ? (this.host.collaboration ?? null) : null;
    if (this.binding) return this.binding.attach(wanted);
    if (!wanted || this.loading) return;
    this.loading = true;
    // Read-only and empty until the shared document is there.
    this.view.rebuild();
    import('../../collab/element-binding.js')
      .then(({ CollabBinding }) => {
        this.binding = new CollabBinding({ element: this.host, ...this.view });
        this.follow();
      })
      .catch((error: unknown) => log.error('The collaboration code could not be loaded (is its chunk beside the editor\'s script?); the editor stays read-only', error));
  }
}
