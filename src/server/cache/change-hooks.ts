import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSafeMethod } from '../http/safe-methods.js';
import type { ReadCaches } from './read-caches.js';

/** Set on a change's answer: this browser changed something a moment ago. */
export const RECENT_CHANGE_COOKIE = 'recent_change';

/** Longer than PostgreSQL ever takes to hand a change to the other processes. */
const RECENT_CHANGE_SECONDS = 5;

const isChange = (request: FastifyRequest) => !isSafeMethod(request.method);

/**
 * A client reads its own changes back, whichever process answers:
 * - a change (any request but GET, HEAD, OPTIONS) is answered only once this process has heard
 *   every change committed before the answer, so what it keeps in memory is already up to date;
 * - with several processes (PostgreSQL), that answer also sets a short-lived cookie, and a
 *   request carrying it waits, before anything kept is read, until the process answering it has
 *   heard every change committed so far (a `pg_notify` round trip on its listening connection),
 *   so the next reads land after the change even on another process.
 * Other clients see a change once PostgreSQL hands it to the process answering them, normally
 * within milliseconds.
 */
export function installChangeHooks(app: FastifyInstance, caches: ReadCaches): void {
  if (!caches.keeping) return;
  // Callback hooks: a read that has nothing to wait for goes on without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (caches.crossProcess && request.cookies[RECENT_CHANGE_COOKIE]) caches.sync().then(() => done(), done);
    else done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isChange(request)) return done(null, payload);
    if (caches.crossProcess) {
      reply.setCookie(RECENT_CHANGE_COOKIE, '1', {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: RECENT_CHANGE_SECONDS,
      });
    }
    caches.sync().then(() => done(null, payload), done);
  });
}
