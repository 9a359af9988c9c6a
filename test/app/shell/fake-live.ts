// The workspace's live stream (GET /api/workspaces/:slug/events) in the test page: an EventSource
// class for the app's API client, and what the server would send on it. A stream opens (its
// `open` event) on a later task, as over a network.
import type { LiveEvent } from '../../../src/api-shapes/live-event.js';
import { LIVE_RESYNC } from '../../../src/api-shapes/live-event.js';

export class FakeLive {
  /** The streams the app has open now. */
  readonly open = new Set<FakeEventSource>();

  readonly EventSource = (() => {
    const live = this;
    return class extends FakeEventSource {
      constructor(url: string) {
        super(url, live);
      }
    };
  })();

  /** Sends `event` (a change, ids only) to every open stream of workspace `slug`. */
  tell(slug: string, event: Partial<LiveEvent> & Pick<LiveEvent, 'event' | 'project_id'>): void {
    const whole: LiveEvent = { workspace_id: 'ws', action: 'updated', id: null, issue_id: null, actor_id: null, ...event };
    for (const source of this.of(slug)) source.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(whole) }));
  }

  /** Tells every open stream of workspace `slug` that changes may have been missed. */
  resync(slug: string): void {
    for (const source of this.of(slug)) source.dispatchEvent(new MessageEvent(LIVE_RESYNC, { data: '{}' }));
  }

  /** Drops every open stream of `slug` and opens it again, as the browser reconnects one. */
  reconnect(slug: string): void {
    for (const source of this.of(slug)) {
      source.dispatchEvent(new Event('error'));
      source.dispatchEvent(new Event('open'));
    }
  }

  private of(slug: string): FakeEventSource[] {
    return [...this.open].filter((source) => source.url === `/api/workspaces/${encodeURIComponent(slug)}/events`);
  }
}

/** An EventSource the test page drives. */
export class FakeEventSource extends EventTarget {
  readyState = 0;

  constructor(
    readonly url: string,
    private readonly live: FakeLive,
  ) {
    super();
    live.open.add(this);
    setTimeout(() => {
      if (this.readyState === 2) return;
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    });
  }

  close(): void {
    this.readyState = 2;
    this.live.open.delete(this);
  }
}
