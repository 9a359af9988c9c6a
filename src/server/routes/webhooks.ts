import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { webhookCreateBody, webhookDeliveryShape, webhookShape, webhookUpdateBody, webhookWithSecretShape } from '../../api-shapes/webhook.js';
import { selectList } from '../db/select-list.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { conflict, HttpError, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { pagination, paginationQuery, slug, uuid, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { Role } from '../roles.js';
import { webhookUrlProblem } from '../webhooks/target.js';
import { startWebhookWorker } from '../webhooks/worker.js';

/** Who manages webhooks (spec: settings → Webhooks, Admin). */
const MANAGES_WEBHOOKS = Role.Admin;

const WEBHOOK_NOT_FOUND = 'Webhook not found.';

const WEBHOOK_COLUMNS = selectList(webhookShape, 'w');
// A delivered or failed delivery has no next try (its column keeps the last one planned).
const DELIVERY_COLUMNS = selectList(webhookDeliveryShape, 'd', { next_attempt_at: "CASE WHEN d.status = 'queued' THEN d.next_attempt_at END" });

const webhookParams = Type.Object({ slug: Type.Unsafe<string>(slug), webhookId: uuid });
const deliveryParams = Type.Object({ slug: Type.Unsafe<string>(slug), webhookId: uuid, deliveryId: uuid });

/** The refusal to send again a delivery that is still being tried. */
export const DELIVERY_STILL_TRYING = 'This delivery is still being tried: it can be sent again once it has been delivered or has failed.';

/** The refusal to send again a delivery of a turned-off webhook. */
export const WEBHOOK_OFF = 'The webhook is turned off: turn it on to send this delivery again.';

/** A new signing secret: 32 random bytes, in a form easy to paste into a receiver's settings. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Webhooks of a workspace (spec: settings → Webhooks, Admin only): admins register https://
 * addresses with the events they want, change, turn off and delete them, replace the signing
 * secret (shown only in the answers that make one) and read each webhook's delivery log. The
 * worker that sends the deliveries (webhooks/worker.ts) runs with these routes.
 */
export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const { webhooks: settings } = app.config;
  const worker = startWebhookWorker(db, app.config.jobs, settings, app.log, { signals: app.jobSignals });
  app.addHook('onClose', () => worker.close());
  const path = '/workspaces/:slug/webhooks';
  const admins = { preHandler: requireWorkspaceRole(MANAGES_WEBHOOKS) };

  const checkedUrl = (url: string) => {
    const problem = webhookUrlProblem(url, settings.allowPrivate);
    // The field at fault is named, so the form shows the refusal under the address.
    if (problem) throw new HttpError(400, problem, { details: { field: 'url' } });
    return url;
  };

  const findWebhook = async (workspaceId: string, id: string) => {
    const webhook = await db.maybeOne<StaticDecode<typeof webhookWithSecretShape>>(
      `SELECT ${WEBHOOK_COLUMNS}, w.secret FROM webhooks w WHERE w.workspace_id = $1 AND w.id = $2`,
      [workspaceId, id],
    );
    if (!webhook) throw notFound(WEBHOOK_NOT_FOUND);
    return webhook;
  };

  app.post(path, { ...admins, schema: { params: workspaceParams, body: webhookCreateBody, response: { 201: webhookWithSecretShape } } }, async (request, reply) => {
    const { url, events, is_active: isActive = true } = request.body;
    const created = await db.one<{ id: string }>(
      'INSERT INTO webhooks (workspace_id, url, events, is_active, secret, created_by) VALUES ($1, $2, $3::jsonb, $4, $5, $6) RETURNING id',
      [currentWorkspace(request).id, checkedUrl(url), JSON.stringify(events), isActive, newSecret(), currentUser(request).id],
    );
    return reply.code(201).send(await findWebhook(currentWorkspace(request).id, created.id));
  });

  app.get(path, { ...admins, schema: { params: workspaceParams, response: { 200: Type.Array(webhookShape) } } }, async (request) =>
    db.query(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks w WHERE w.workspace_id = $1 ORDER BY w.created_at, w.id`, [currentWorkspace(request).id]),
  );

  app.get(`${path}/:webhookId`, { ...admins, schema: { params: webhookParams, response: { 200: webhookShape } } }, async (request) =>
    findWebhook(currentWorkspace(request).id, request.params.webhookId),
  );

  app.patch(`${path}/:webhookId`, { ...admins, schema: { params: webhookParams, body: webhookUpdateBody, response: { 200: webhookShape } } }, async (request) => {
    const workspaceId = currentWorkspace(request).id;
    const webhook = await findWebhook(workspaceId, request.params.webhookId);
    const { url, events, is_active: isActive } = request.body;
    await db.query('UPDATE webhooks SET url = $2, events = $3::jsonb, is_active = $4 WHERE id = $1', [
      webhook.id,
      url === undefined ? webhook.url : checkedUrl(url),
      JSON.stringify(events ?? webhook.events),
      isActive ?? webhook.is_active,
    ]);
    return findWebhook(workspaceId, webhook.id);
  });

  app.post(`${path}/:webhookId/secret`, { ...admins, schema: { params: webhookParams, response: { 200: webhookWithSecretShape } } }, async (request) => {
    const workspaceId = currentWorkspace(request).id;
    const webhook = await findWebhook(workspaceId, request.params.webhookId);
    await db.query('UPDATE webhooks SET secret = $2 WHERE id = $1', [webhook.id, newSecret()]);
    return findWebhook(workspaceId, webhook.id);
  });

  app.delete(`${path}/:webhookId`, { ...admins, schema: { params: webhookParams } }, async (request, reply) => {
    const webhook = await findWebhook(currentWorkspace(request).id, request.params.webhookId);
    await db.query('DELETE FROM webhooks WHERE id = $1', [webhook.id]);
    return reply.code(204).send();
  });

  // Sent again as it was (same id, event and payload, a fresh count of tries): a receiver that was
  // down, or mis-set, takes what it missed, and tells it from a new event by its delivery id.
  app.post(
    `${path}/:webhookId/deliveries/:deliveryId/redeliver`,
    { ...admins, schema: { params: deliveryParams, response: { 200: webhookDeliveryShape } } },
    async (request) => {
      const webhook = await findWebhook(currentWorkspace(request).id, request.params.webhookId);
      if (!webhook.is_active) throw conflict(WEBHOOK_OFF);
      const again = await db.maybeOne<StaticDecode<typeof webhookDeliveryShape>>(
        `UPDATE webhook_deliveries d SET status = 'queued', attempts = 0, next_attempt_at = now(), lease_owner = NULL, lease_expires_at = NULL
          WHERE d.id = $1 AND d.webhook_id = $2 AND d.status IN ('delivered', 'failed') RETURNING ${DELIVERY_COLUMNS}`,
        [request.params.deliveryId, webhook.id],
      );
      if (again) return again;
      const found = await db.maybeOne('SELECT 1 FROM webhook_deliveries d WHERE d.id = $1 AND d.webhook_id = $2', [request.params.deliveryId, webhook.id]);
      throw found ? conflict(DELIVERY_STILL_TRYING) : notFound('Delivery not found.');
    },
  );

  app.get(
    `${path}/:webhookId/deliveries`,
    { ...admins, schema: { params: webhookParams, querystring: paginationQuery, response: { 200: Type.Array(webhookDeliveryShape) } } },
    async (request) => {
      const webhook = await findWebhook(currentWorkspace(request).id, request.params.webhookId);
      const page = pagination(request.query as { limit?: string; offset?: string });
      return db.query(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.webhook_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2 OFFSET $3`, [
        webhook.id,
        page.limit,
        page.offset,
      ]);
    },
  );
}
