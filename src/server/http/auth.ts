import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { READ_ONLY_TOKEN_REFUSAL } from '../../api-shapes/api-token-access.js';
import { findApiToken, recordApiTokenUse } from '../auth/api-tokens.js';
import { findSession, SESSION_COOKIE } from '../auth/sessions.js';
import type { AuthUser } from '../users/user-shape.js';
import { HttpError, unauthorized } from './errors.js';
import { isSafeMethod } from './safe-methods.js';

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

/**
 * The personal API token of an `Authorization: Bearer …` header ('' when the header names the
 * scheme but no single token), or null without one. A request authenticates one way: with a
 * bearer token its cookies are not read.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || !/^bearer(\s|$)/i.test(header)) return null;
  return /^bearer +([^\s]{1,200}) *$/i.exec(header)?.[1] ?? '';
}

/** The session cookie's token, if the request carries one (and no API token). */
export function sessionToken(request: FastifyRequest): string | null {
  if (bearerToken(request) !== null) return null;
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 200 ? token : null;
}

/** 401 for an API token on a route that needs a session (account, sign-out, tokens, anything outside a workspace). */
export const SESSION_ONLY_MESSAGE = 'API tokens cannot be used for this request: sign in to the app to do it.';
/** 401 for a token that is not (or no longer) one. */
export const INVALID_API_TOKEN_MESSAGE = 'This API token is not valid: it may have been revoked, or its owner may have left the workspace.';
/** 401 for a token past its expiry. */
export const EXPIRED_API_TOKEN_MESSAGE = 'This API token has expired. Create a new one in the workspace settings.';
/** 403 for a token used on another workspace's routes. */
export const OTHER_WORKSPACE_MESSAGE = 'This API token works only in the workspace it was created in.';

// RFC 6750: a refused bearer token is named as such, so clients can tell it from a missing session.
const refusedToken = (message: string) => new HttpError(401, message, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
// RFC 6750 §3.1: a token that is good but may not do this (a change with a read-only token, another workspace).
const INSUFFICIENT_SCOPE = { 'www-authenticate': 'Bearer error="insufficient_scope"' };
const readOnlyRefusal = () => new HttpError(403, READ_ONLY_TOKEN_REFUSAL, { headers: INSUFFICIENT_SCOPE });

/**
 * The owner of the API token `token` for a request to workspace `slug`'s routes: 401 when the token
 * is not valid or has expired, 429 past its rate limit, 403 for another workspace, and 403
 * (READ_ONLY_TOKEN_REFUSAL) for a read-only token on any method that is not safe. This is the one
 * door every token request goes through, as the request arrives (installApiTokenCheck: before its
 * body is read or checked, so a refused token is told so whatever it sent), and a refused request
 * changes nothing. The use is counted against the token's limit, and recorded (when allowed) at
 * most once a minute.
 */
async function apiTokenOwner(request: FastifyRequest, token: string, slug: string): Promise<AuthUser> {
  const { db, config, rateLimiter } = request.server;
  const found = await findApiToken(db, token);
  if (!found) throw refusedToken(INVALID_API_TOKEN_MESSAGE);
  if (found.expired) throw refusedToken(EXPIRED_API_TOKEN_MESSAGE);
  const wait = await rateLimiter.hit({ key: `api-token:requests:${found.id}`, limit: config.apiTokenRequests });
  if (wait > 0) {
    throw new HttpError(429, `Too many requests with this API token. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`, {
      headers: { 'retry-after': String(wait) },
    });
  }
  if (found.workspaceSlug !== slug.toLowerCase()) throw new HttpError(403, OTHER_WORKSPACE_MESSAGE, { headers: INSUFFICIENT_SCOPE });
  // Anything but 'write' is read-only: an unknown level never grants more.
  if (found.access !== 'write' && !isSafeMethod(request.method)) throw readOnlyRefusal();
  if (found.useDue) await recordApiTokenUse(db, found.id);
  return found.user;
}

/**
 * Looks up the caller once per request (null when anonymous) and stores it on `request.user`:
 * the session cookie's user, renewing a half-expired session by sending the cookie again; or,
 * for a request with an API token, the token's owner. A token works only on the routes of its
 * own workspace, so only a workspace route's check passes `workspaceSlug` (its `:slug`); anywhere
 * else a token is refused with 401, whatever the route.
 */
export async function loadUser(request: FastifyRequest, reply: FastifyReply, workspaceSlug?: string): Promise<AuthUser | null> {
  if (request.sessionChecked) return request.user;
  request.sessionChecked = true;
  const bearer = bearerToken(request);
  if (bearer !== null) {
    if (workspaceSlug === undefined) throw unauthorized(SESSION_ONLY_MESSAGE);
    request.user = await apiTokenOwner(request, bearer, workspaceSlug);
    return request.user;
  }
  const token = sessionToken(request);
  if (!token) return null;
  const { db, config, caches } = request.server;
  const session = await findSession(db, config.sessionSecret, token, caches.sessions);
  if (!session) return null;
  request.user = session.user;
  if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
  return request.user;
}

/**
 * preHandler: 401 unless signed in with a session; afterwards `currentUser(request)` is the user.
 * API tokens are refused here (401): routes of the account and of sessions, and any route that
 * is not a workspace's, need a session. Put it before a workspace role check to make a
 * workspace route session-only (the API token routes).
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!(await loadUser(request, reply))) throw unauthorized();
}

/** The guards that take an API token: the workspace and project role checks, which pass the path's `:slug` to loadUser. */
const tokenGuards = new WeakSet<object>();

/** Marks `guard` (a preHandler) as one that takes an API token, for installApiTokenCheck; returns it. */
export function takesApiToken(guard: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  tokenGuards.add(guard);
  return guard;
}

/** onRequest of a route whose first guard takes tokens: a request with one is authenticated now, by the path's `:slug`. */
async function authenticateApiToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (bearerToken(request) === null) return;
  const slug = (request.params as Record<string, unknown> | undefined)?.slug;
  if (typeof slug === 'string') await loadUser(request, reply, slug);
}

/** onRequest of a session-only route (requireUser first): a request with an API token is refused now. */
async function refuseApiToken(request: FastifyRequest): Promise<void> {
  if (bearerToken(request) !== null) throw unauthorized(SESSION_ONLY_MESSAGE);
}

/**
 * Authenticates `Authorization: Bearer` requests as they arrive, before their body is parsed and
 * validated: otherwise a read-only, revoked or expired token sending a body the route refuses
 * would be answered 400 (the body's fault) instead of 401 or 403 (the token's). A route's first
 * guard says which: a workspace or project role check (takesApiToken) takes the token as loadUser
 * does later, requireUser refuses it (SESSION_ONLY_MESSAGE). The guards themselves still run and
 * decide (loadUser answers them from what was found here); requests without the header are
 * left to them unchanged. Install before the routes.
 */
export function installApiTokenCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const guards: unknown[] = [route.preHandler ?? []].flat();
    const first = guards.find((guard) => guard === requireUser || (typeof guard === 'function' && tokenGuards.has(guard)));
    if (!first) return;
    const check = first === requireUser ? refuseApiToken : authenticateApiToken;
    const onRequest: unknown[] = [route.onRequest ?? []].flat();
    // Once, should options that hold it already come through again.
    if (!onRequest.includes(check)) route.onRequest = [...onRequest, check] as RouteOptions['onRequest'];
  });
}
