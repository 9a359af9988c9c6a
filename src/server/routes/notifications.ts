import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  markAllReadShape,
  notificationListQuery,
  notificationShape,
  notificationUpdateBody,
  unreadCountShape,
  type NotificationUpdateBody,
} from '../../api-shapes/notification.js';
import type { Db } from '../db/index.js';
import { sqlExpression, updateSet, type ColumnValues } from '../db/row-writes.js';
import { SqlParams } from '../db/sql-params.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { pagination, withIds, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { readerOf, type Reader } from '../issues/issue-access.js';
import {
  AWAKE_SQL,
  inSomeTabSql,
  NOTIFICATION_COLUMNS,
  NOTIFICATION_FROM,
  NOTIFICATION_NOT_FOUND,
  notificationFilterSql,
  ownNotificationsSql,
  type NotificationRow,
} from '../notifications/notification-sql.js';
import { unreadEtag, etagMatches } from '../notifications/unread-etag.js';
import { Role } from '../roles.js';

const notificationParams = withIds(workspaceParams, 'notificationId');

const BASE = '/workspaces/:slug/notifications';

/** The message of a snooze that ends now or earlier. */
export const SNOOZE_IN_THE_PAST = 'A notification can only be snoozed until a time in the future.';

/** The reader's notification `id`, or null when it is not theirs (or they cannot open its issue any more). */
async function readNotification(db: Db, reader: Reader, id: string): Promise<NotificationRow | null> {
  const params = new SqlParams();
  return db.maybeOne<NotificationRow>(
    `SELECT ${NOTIFICATION_COLUMNS} FROM ${NOTIFICATION_FROM} WHERE n.id = ${params.bind(id)} AND ${ownNotificationsSql(params, reader)}`,
    params.values,
  );
}

/** The columns a change sets: read and archived stamp the time (kept when already set), false clears it. */
function changedColumns(body: NotificationUpdateBody): ColumnValues {
  const stamp = (column: string, on: boolean | undefined) => (on === undefined ? undefined : on ? sqlExpression(`COALESCE(${column}, now())`) : null);
  return {
    read_at: stamp('read_at', body.read),
    archived_at: stamp('archived_at', body.archived),
    snoozed_till: body.snoozed_till === undefined ? undefined : body.snoozed_till,
  };
}

/**
 * The caller's notifications in a workspace: listed newest first with the spec's tabs and
 * filters, marked read or unread, snoozed until a time, archived and back, all marked read, and
 * the sidebar's unread count (with an ETag: the app polls it with If-None-Match and gets 304
 * while nothing changed). Everyone in the workspace has their own; nobody reads or changes
 * another's (404, as for an unknown id).
 */
export async function notificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const preHandler = requireWorkspaceRole(Role.Guest);

  app.get(
    BASE,
    { preHandler, schema: { params: workspaceParams, querystring: notificationListQuery, response: { 200: Type.Array(notificationShape) } } },
    async (request, reply) => {
      const reader = readerOf(request);
      const params = new SqlParams();
      const where = ownNotificationsSql(params, reader) + notificationFilterSql(request.query, params, reader);
      const { limit, offset } = pagination(request.query);
      const total = await db.one<{ count: number }>(`SELECT count(*) AS count FROM ${NOTIFICATION_FROM} WHERE ${where}`, params.values);
      const rows = await db.query<NotificationRow>(
        `SELECT ${NOTIFICATION_COLUMNS} FROM ${NOTIFICATION_FROM} WHERE ${where} ORDER BY n.created_at DESC, n.id LIMIT ${limit} OFFSET ${offset}`,
        params.values,
      );
      return reply.header('x-total-count', String(total.count)).send(rows);
    },
  );

  app.get(`${BASE}/unread-count`, { preHandler, schema: { params: workspaceParams, response: { 200: unreadCountShape } } }, async (request, reply) => {
    const params = new SqlParams();
    const row = await db.one<{ unread: number; changed: Date | null }>(
      `SELECT count(*) FILTER (WHERE n.read_at IS NULL AND ${AWAKE_SQL}) AS unread, max(n.updated_at) AS changed
         FROM ${NOTIFICATION_FROM} WHERE ${ownNotificationsSql(params, readerOf(request))} AND ${inSomeTabSql(params, readerOf(request))}`,
      params.values,
    );
    const etag = unreadEtag(row.unread, row.changed);
    reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return (reply as FastifyReply).code(304).send();
    return { unread: row.unread };
  });

  app.post(
    `${BASE}/mark-all-read`,
    { preHandler, schema: { params: workspaceParams, querystring: notificationListQuery, response: { 200: markAllReadShape } } },
    async (request) => {
      const reader = readerOf(request);
      const params = new SqlParams();
      const where = ownNotificationsSql(params, reader) + notificationFilterSql(request.query, params, reader);
      const rows = await db.query(
        `UPDATE notifications SET read_at = now() WHERE id IN (SELECT n.id FROM ${NOTIFICATION_FROM} WHERE ${where} AND n.read_at IS NULL) RETURNING id`,
        params.values,
      );
      return { updated: rows.length };
    },
  );

  app.patch(
    `${BASE}/:notificationId`,
    { preHandler, schema: { params: notificationParams, body: notificationUpdateBody, response: { 200: notificationShape } } },
    async (request) => {
      const snooze = request.body.snoozed_till;
      if (snooze && Date.parse(snooze) <= Date.now()) throw badRequest(SNOOZE_IN_THE_PAST);
      const reader = readerOf(request);
      const params = new SqlParams();
      const set = updateSet(changedColumns(request.body), params);
      const id = params.bind(request.params.notificationId);
      const updated = await db.maybeOne(
        `UPDATE notifications SET ${set} WHERE id = ${id}
           AND id IN (SELECT n.id FROM ${NOTIFICATION_FROM} WHERE n.id = ${id} AND ${ownNotificationsSql(params, reader)}) RETURNING id`,
        params.values,
      );
      const notification = updated && (await readNotification(db, reader, request.params.notificationId));
      if (!notification) throw notFound(NOTIFICATION_NOT_FOUND);
      return notification;
    },
  );
}
