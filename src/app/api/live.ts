import { LIVE_RESYNC, type LiveEvent } from '../../api-shapes/live-event.js';
import type { ApiClient } from './client.js';

export type { LiveEvent } from '../../api-shapes/live-event.js';

/** What a workspace's live stream tells: a change, or that changes may have been missed. */
export interface LiveHandlers {
  change(event: LiveEvent): void;
  /** Changes may have been missed (a stream opened again, or the server could not listen for a while). */
  missed(): void;
}

/**
 * The workspace's live changes (GET /api/workspaces/:slug/events, server-sent events): opened
 * while a screen of the workspace shows, closed by the returned function. The browser reconnects
 * a stream that dropped; each time it is open again, changes may have been missed meanwhile.
 */
export function liveApi(client: ApiClient) {
  return {
    /** Whether this client can open live streams (a client on a fetch of its own cannot, unless given an EventSource). */
    get available(): boolean {
      return Boolean(client.live);
    },
    open(slug: string, handlers: LiveHandlers): () => void {
      const live = client.live;
      if (!live) return () => {};
      const source = new live.EventSource(live.url(`/workspaces/${encodeURIComponent(slug)}/events`));
      let opened = false;
      source.addEventListener('open', () => {
        if (opened) handlers.missed();
        opened = true;
      });
      source.addEventListener('message', (message) => {
        let event: LiveEvent;
        try {
          event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
        } catch {
          return;
        }
        handlers.change(event);
      });
      source.addEventListener(LIVE_RESYNC, () => handlers.missed());
      return () => source.close();
    },
  };
}
