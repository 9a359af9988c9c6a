/**
 * `rich-editor/collab`: editing one document together in the browser. `connect()` gives the
 * provider an editor's `collaboration` property takes:
 *
 * ```js
 * import { connect } from 'rich-editor/collab';
 * editor.collaboration = {
 *   provider: connect({ url: 'wss://example.com/collab', document: 'page:42' }),
 *   user: { id: 'u1', name: 'Ada' },
 * };
 * ```
 *
 * The server side is `rich-editor/collab/server` (docs/collaboration.md).
 */
import { CollabProvider, type CollabProviderOptions } from './provider.js';

export { CollabProvider, type Collaboration, type CollabProviderOptions, type CollabState, type CollabStatus, type CollabUser } from './provider.js';
export { CloseCode, MAX_MESSAGE_BYTES } from './protocol.js';

/** A provider for the shared document `options.document` on the server at `options.url`; it connects when an editor starts it. */
export function connect(options: CollabProviderOptions): CollabProvider {
  return new CollabProvider(options);
}
