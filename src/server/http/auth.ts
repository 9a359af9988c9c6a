import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import type { AuthUser } from '../users/user-shape.js';
import { unauthorized } from './errors.js';

/** Sends the session cookie: httpOnly, SameSite=Lax, Secure over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires,
  });
}

/** Tells the browser to forget the session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** The session cookie's token, if the request carries one. */
export function sessionToken(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 200 ? token : null;
}

/**
 * Looks up the signed-in user once per request (null when anonymous) and stores it on
 * `request.user`; renews a half-expired session by sending the cookie again.
 */
export async function loadUser(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> {
  if (request.sessionChecked) return request.user;
  request.sessionChecked = true;
  const token = sessionToken(request);
  if (!token) return null;
  const { db, config, caches } = request.server;
  const session = await findSession(db, config.sessionSecret, token, caches.sessions);
  if (!session) return null;
  request.user = session.user;
  if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
  return request.user;
}

/** preHandler: 401 unless someone is signed in; afterwards `currentUser(request)` is the user. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!(await loadUser(request, reply))) throw unauthorized();
}
