import { connect, type CollabProvider, type CollabState } from '../../collab/index.js';
import type { ApiClient } from './client.js';

/** The names of the tracker's shared documents, as the server reads them (docs/collaboration.md). */
export const sharedDocumentName = {
  issueDescription: (issueId: string) => `issue-description:${issueId}`,
  page: (pageId: string) => `page:${pageId}`,
} as const;

/**
 * Whether a provider's changes are as stored as they will be for now: all of them, or none can be
 * sent at the moment (offline, refused, still connecting), so waiting longer would not help.
 */
const settled = (state: CollabState) => state.unsent === 0 || state.status !== 'synced';

/**
 * Editing together through the API server's own websocket (`/api/collab/<name>`), signed in by the
 * session cookie as every other call: the server decides from the name which project the document
 * belongs to and whether this user may write.
 */
export function collabApi(client: ApiClient) {
  /** The providers `open` gave that are not closed yet, by document name. */
  const opened = new Map<string, Set<CollabProvider>>();
  /** Each provider's `stored` waits not yet over: closing it ends them (nothing more can be sent). */
  const waiting = new Map<CollabProvider, Set<() => void>>();
  return {
    /** A provider for the shared document `name`; it connects once an editor starts it, and is ended with `close`. */
    open(name: string): CollabProvider {
      const { url, WebSocket } = client.socket;
      const provider = connect({ url: url('/collab'), document: name, ...(WebSocket ? { WebSocket } : {}) });
      let providers = opened.get(name);
      if (!providers) opened.set(name, (providers = new Set()));
      providers.add(provider);
      return provider;
    },

    /** Ends a provider `open` gave (its connection and document). */
    close(provider: CollabProvider): void {
      provider.destroy();
      for (const done of [...(waiting.get(provider) ?? [])]) done();
      waiting.delete(provider);
      for (const [name, providers] of opened) {
        if (providers.delete(provider) && !providers.size) opened.delete(name);
      }
    },

    /**
     * Resolves once the server has stored every change this app's editors of `name` have made so
     * far, or at once when they cannot be sent now (offline, refused): before an action that reads
     * the document on the server or ends its editing (making a copy of an issue, archiving or
     * deleting it, archiving a page), so the words typed a moment ago are neither left out nor refused.
     */
    stored(name: string): Promise<void> {
      const waits = [...(opened.get(name) ?? [])].map(
        (provider) =>
          new Promise<void>((resolve) => {
            if (settled(provider.current)) return resolve();
            let pending = waiting.get(provider);
            if (!pending) waiting.set(provider, (pending = new Set()));
            const done = () => {
              stop();
              pending.delete(done);
              resolve();
            };
            pending.add(done);
            const stop = provider.subscribe((state) => {
              if (settled(state)) done();
            });
          }),
      );
      return Promise.all(waits).then(() => undefined);
    },
  };
}
