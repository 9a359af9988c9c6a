import { connect, type CollabProvider } from '../../collab/index.js';
import type { ApiClient } from './client.js';

/** The names of the tracker's shared documents, as the server reads them (docs/collaboration.md). */
export const sharedDocumentName = {
  issueDescription: (issueId: string) => `issue-description:${issueId}`,
  page: (pageId: string) => `page:${pageId}`,
} as const;

/**
 * Editing together through the API server's own websocket (`/api/collab/<name>`), signed in by the
 * session cookie as every other call: the server decides from the name which project the document
 * belongs to and whether this user may write.
 */
export function collabApi(client: ApiClient) {
  return {
    /** A provider for the shared document `name`; it connects once an editor starts it, and must be destroyed when done. */
    open(name: string): CollabProvider {
      const { url, WebSocket } = client.socket;
      return connect({ url: url('/collab'), document: name, ...(WebSocket ? { WebSocket } : {}) });
    },
  };
}
