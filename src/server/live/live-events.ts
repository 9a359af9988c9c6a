import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { LiveEvent, LiveKind, WorkflowEvent } from '../../api-shapes/live-event.js';
import type { WebhookAction } from '../../api-shapes/webhook-events.js';
import type { ChangeListener, Database, Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import type { WorkspaceEvent } from '../webhooks/events.js';

/** The channel changes announce themselves on to the open screens, with a LiveEvent as JSON. */
export const LIVE_CHANNEL = 'rich_editor_live';

/** The listening connection's application_name on PostgreSQL (apart from the other listeners). */
export const LIVE_LISTENER_NAME = 'rich-editor live listener';

/** What a workspace's stream is told. */
export interface LiveSubscriber {
  /** A change committed in the workspace (by any process). */
  event(event: LiveEvent): void;
  /** Changes may have been missed (the listener was lost, or is back): everything shown may be old. */
  resync(): void;
  /** The server is stopping: end the stream (the screen reconnects, to this process or another). */
  end(): void;
}

/**
 * Announces `event` to the screens open on its workspace, in the transaction `tx` of the change:
 * a notification is delivered on commit only, so a change rolled back is never told. Ids only:
 * the screens ask the API again, which decides what each reader may see.
 */
export async function announceLive(tx: Db, event: Omit<WorkspaceEvent, 'event'> & { event: LiveKind }): Promise<void> {
  const { data } = event;
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const live: LiveEvent = {
    workspace_id: event.workspaceId,
    event: event.event,
    action: event.action,
    project_id: text(data.project_id),
    id: text(data.id),
    issue_id: text(data.issue_id),
    actor_id: text(data.actor_id),
  };
  await tx.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(live)]);
}

/**
 * Announces that a label or a state (`id`) of the request's project changed, by the request's
 * user, under announceLive's rules. The open screens show them (pickers, rows, boards); webhooks
 * are not told of them.
 */
export function announceWorkflowChange(tx: Db, request: FastifyRequest, event: WorkflowEvent, action: WebhookAction, id: string): Promise<void> {
  const project = currentProject(request);
  return announceLive(tx, { workspaceId: project.workspace_id, event, action, data: { project_id: project.id, id, actor_id: currentUser(request).id } });
}

/**
 * Announces that `userId` joined, changed role in or left workspace `workspaceId` (`projectId`
 * null) or one of its projects, by `actorId`, under announceLive's rules: the members screens and
 * pickers show it, and the person's own screens learn what they may now open.
 */
export function announceMembershipChange(
  tx: Db,
  change: { workspaceId: string; projectId: string | null; userId: string; actorId: string | null; action: WebhookAction },
): Promise<void> {
  return announceLive(tx, {
    workspaceId: change.workspaceId,
    event: 'member',
    action: change.action,
    data: { project_id: change.projectId, id: change.userId, actor_id: change.actorId },
  });
}

/**
 * One process's ear on LIVE_CHANNEL (one connection on PostgreSQL, hearing every process; PGlite's
 * own notifications otherwise), handing each change to the streams open on its workspace here
 * (routes/live-events.ts).
 */
export class LiveEvents {
  readonly #subscribers = new Map<string, Set<LiveSubscriber>>();
  #listener: ChangeListener | null = null;

  /** Starts listening; throws when the database cannot be listened to. */
  async start(db: Database, log: FastifyBaseLogger): Promise<void> {
    const everyone = () => [...this.#subscribers.values()].flatMap((set) => [...set]);
    this.#listener = await db.listen(
      LIVE_CHANNEL,
      {
        message: (payload) => {
          let event: LiveEvent;
          try {
            event = JSON.parse(payload) as LiveEvent;
          } catch {
            return log.warn({ payload }, 'a live event that could not be read');
          }
          for (const subscriber of this.#subscribers.get(event.workspace_id) ?? []) subscriber.event(event);
        },
        lost: () => {
          log.warn('lost the live listener: open screens are told to refresh, and again when it is back');
          for (const subscriber of everyone()) subscriber.resync();
        },
        restored: () => {
          for (const subscriber of everyone()) subscriber.resync();
        },
      },
      LIVE_LISTENER_NAME,
    );
  }

  /** Tells `subscriber` of workspace `workspaceId`'s changes until the returned function is called. */
  subscribe(workspaceId: string, subscriber: LiveSubscriber): () => void {
    let set = this.#subscribers.get(workspaceId);
    if (!set) this.#subscribers.set(workspaceId, (set = new Set()));
    // In the stream's own async context: PGlite hands notifications over inside the statement that committed them.
    const bound: LiveSubscriber = { event: AsyncResource.bind(subscriber.event), resync: AsyncResource.bind(subscriber.resync), end: subscriber.end };
    set.add(bound);
    return () => {
      set.delete(bound);
      if (!set.size && this.#subscribers.get(workspaceId) === set) this.#subscribers.delete(workspaceId);
    };
  }

  /** How many streams are open in this process. */
  get streams(): number {
    let count = 0;
    for (const set of this.#subscribers.values()) count += set.size;
    return count;
  }

  /** Ends every stream open here (before the server stops: an open stream would hold it up). */
  endStreams(): void {
    for (const set of [...this.#subscribers.values()]) for (const subscriber of [...set]) subscriber.end();
    this.#subscribers.clear();
  }

  /** Stops listening. */
  async close(): Promise<void> {
    await this.#listener?.close();
    this.#listener = null;
  }
}
