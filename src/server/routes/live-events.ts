import type { FastifyInstance } from 'fastify';
import { LIVE_RESYNC, type LiveEvent } from '../../api-shapes/live-event.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { workspaceParams } from '../http/schemas.js';
import { Role } from '../roles.js';
import { PROCESS_TIMERS } from '../timers.js';

/** How often an open stream sends a comment line, so that proxies and the browser keep it open (milliseconds). */
export const LIVE_KEEPALIVE_MS = 25_000;

/** How long a stream trusts what it found about the reader's access to a project (milliseconds). */
export const LIVE_ACCESS_TTL_MS = 30_000;

/** How long the browser waits before it reconnects a stream that dropped (the `retry` field, milliseconds). */
export const LIVE_RETRY_MS = 5_000;

/** The answer to one stream more than LIVE_STREAMS_PER_USER. */
export const TOO_MANY_STREAMS = 'Too many live connections are open for your account: close some of the app’s tabs.';

/**
 * GET /api/workspaces/:slug/events: the workspace's changes as server-sent events, while the app
 * is open, so that screens show others' changes (an issue's title and properties, comments,
 * lists, cycles, modules, pages) without a reload. Each `message` is a LiveEvent (ids only) of a
 * project the reader can open, checked against the database as it is now (what was found is
 * trusted for LIVE_ACCESS_TTL_MS); a `resync` event says changes may have been missed. Every
 * process tells its own streams of every process's changes (live/live-events.ts).
 */
export async function liveEventRoutes(app: FastifyInstance): Promise<void> {
  const { db, live, config } = app;
  // The streams each user holds open on this process: an open stream holds a connection, a
  // subscription and a timer, so one account cannot hold the process's sockets.
  const openStreams = new Map<string, number>();
  app.get('/workspaces/:slug/events', { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams } }, async (request, reply) => {
    const workspace = currentWorkspace(request);
    const user = currentUser(request);
    const holding = openStreams.get(user.id) ?? 0;
    if (holding >= config.liveStreamsPerUser) throw new HttpError(429, TOO_MANY_STREAMS, { headers: { 'retry-after': String(LIVE_RETRY_MS / 1000) } });
    const access = new Map<string, { open: Promise<boolean>; at: number }>();
    /** Whether the reader can open project `projectId` now: a member of it, or an admin of the workspace. */
    const opens = (projectId: string): Promise<boolean> => {
      const now = Date.now();
      const known = access.get(projectId);
      if (known && now - known.at < LIVE_ACCESS_TTL_MS) return known.open;
      const open = db
        .one<{ open: boolean }>(
          `SELECT EXISTS (
             SELECT 1 FROM projects p JOIN workspace_members wm ON wm.workspace_id = p.workspace_id AND wm.user_id = $2
              WHERE p.id = $1 AND p.workspace_id = $3
                AND (wm.role >= $4 OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $2))
           ) AS open`,
          [projectId, user.id, workspace.id, Role.Admin],
        )
        .then((row) => row.open)
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'checking access for a live event failed');
          return false;
        });
      access.set(projectId, { open, at: now });
      return open;
    };

    reply.hijack();
    const raw = reply.raw;
    // Subscribed before the head is sent: a client that has the answer hears every change after it.
    // Each event written after the one before it, in the order of their commits, whichever access check ends first.
    let written: Promise<unknown> = Promise.resolve();
    const unsubscribe = live.subscribe(workspace.id, {
      event: (event: LiveEvent) => {
        // A change of the reader's own membership: told whatever they open now, and what they open is asked anew
        // (their workspace role decides every project for an admin: a change of it, all of them).
        const own = event.event === 'member' && event.id === user.id;
        if (own && event.project_id) access.delete(event.project_id);
        else if (own) access.clear();
        // The workspace's own membership is everyone's in it; anything else is of a project.
        if (!event.project_id && event.event !== 'member') return;
        // A notification is its receiver's alone.
        if (event.event === 'notification' && event.id !== user.id) return;
        const open = own || !event.project_id ? Promise.resolve(true) : opens(event.project_id);
        written = written.then(async () => {
          if ((await open) && !raw.writableEnded && !raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
        });
      },
      resync: () => {
        access.clear();
        written = written.then(() => {
          if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${LIVE_RESYNC}\ndata: {}\n\n`);
        });
      },
      end: () => raw.end(),
    });
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // A proxy that buffers responses (nginx) would hold the events back.
      'X-Accel-Buffering': 'no',
      // Not kept for another request: ended, the stream's connection closes with it.
      Connection: 'close',
    });
    raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    let keepAlive: unknown = null;
    const beat = () => {
      keepAlive = PROCESS_TIMERS.setTimeout(() => {
        raw.write(':\n\n');
        beat();
      }, LIVE_KEEPALIVE_MS);
    };
    beat();
    // Counted from here to its close, with nothing awaited since the check above.
    openStreams.set(user.id, holding + 1);
    raw.on('close', () => {
      unsubscribe();
      PROCESS_TIMERS.clearTimeout(keepAlive);
      const left = (openStreams.get(user.id) ?? 1) - 1;
      if (left > 0) openStreams.set(user.id, left);
      else openStreams.delete(user.id);
    });
  });
}
