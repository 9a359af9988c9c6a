import type { WebhookAction, WebhookEvent } from '../../api-shapes/webhook.js';
import type { Db } from '../db/index.js';
import { announceLive } from '../live/live-events.js';

/** Something that happened in a workspace, as webhooks tell it. */
export interface WorkspaceEvent {
  workspaceId: string;
  event: WebhookEvent;
  action: WebhookAction;
  /** What the receiver gets as `data`: the thing's fields (ids, names, the change), JSON-ready. */
  data: Record<string, unknown>;
}

/**
 * The one place where "an event happened" is said: queues a delivery of `event` to each active
 * webhook of its workspace that wants its kind, and tells the screens open on the workspace
 * (live/live-events.ts). Call it with the tx of the change, so the delivery and the notice exist
 * exactly when the change does; the worker (webhooks/worker.ts) sends it after, so a slow
 * receiver never holds up the request. Two statements, cheap when no webhook wants it.
 */
export async function recordEvent(tx: Db, event: WorkspaceEvent): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_deliveries (webhook_id, event, action, data)
     SELECT w.id, $2, $3, $4::jsonb FROM webhooks w WHERE w.workspace_id = $1 AND w.is_active AND w.events ? $2`,
    [event.workspaceId, event.event, event.action, JSON.stringify(event.data)],
  );
  await announceLive(tx, event);
}
