import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { BindingHost, CollabBinding } from '../../collab/element-binding.js';
import type { Collaboration } from '../../collab/provider.js';
import { log } from '../../core/log.js';
import type { Words } from '../../core/strings.js';
import type { RichEditor } from './rich-editor.component.js';

export type { Collaboration };

/**
 * Editing together, as far as the editor's own file must know it: whether it is on, whether the
 * user may type, and the notice that says why not. Everything else (following `collaboration`,
 * the provider's states, the shared document's plugins) loads with the collaboration chunk the
 * first time `collaboration` is set (src/collab/element-binding.ts), so a page that never edits
 * together loads none of it.
 */
export class CollaborationController implements ReactiveController {
  private binding: CollabBinding | null = null;
  private loading = false;

  constructor(
    private readonly host: RichEditor,
    private readonly view: Omit<BindingHost, 'element'>,
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

  /** Whether the editor waits for its shared document (its first sync): it takes focus meanwhile, and what is typed into it then goes in once it is there. */
  get awaiting(): boolean {
    return this.active && !this.binding?.arrived;
  }

  /** The shared document's binding while the editor edits one and its code is there: the view's content, plugins and remote changes come from it. */
  get shared(): CollabBinding | null {
    return this.active ? this.binding : null;
  }

  /** Why the shared document cannot be edited here, or why the last change was not made, as a live region (nothing when all is well). */
  notice(words: Words): TemplateResult | typeof nothing {
    if (this.shared?.tooLarge) return html`<div class="collab-notice" role="alert" part="collab-notice" data-status="too-large">${words['collab.tooLarge']}</div>`;
    const status = this.active ? (this.binding?.state?.status ?? 'connecting') : null;
    // Offline once the document is there, editing goes on (the host shows what waits); before, there is nothing to edit yet.
    if (!status || status === 'synced' || (status === 'offline' && this.binding?.arrived)) return nothing;
    const text = words[status === 'connecting' ? 'collab.connecting' : status === 'offline' ? 'collab.offline' : status === 'unauthorized' ? 'collab.unauthorized' : 'collab.incompatible'];
    return html`<div class="collab-notice" role="status" part="collab-notice" data-status=${status}>${text}</div>`;
  }

  hostConnected(): void {
    this.hostUpdated();
  }

  hostUpdated(): void {
    if (this.loading || !this.active || !this.host.isConnected) return;
    this.loading = true;
    // Read-only and empty until the shared document is there.
    this.view.rebuild();
    // The binding follows `collaboration` from then on (a controller of the element's).
    import('../../collab/element-binding.js')
      .then(({ CollabBinding }) => void (this.binding = new CollabBinding({ element: this.host, ...this.view })))
      .catch((error: unknown) => log.error('The collaboration code could not be loaded (is its chunk beside the editor\'s script?); the editor stays read-only', error));
  }
}
