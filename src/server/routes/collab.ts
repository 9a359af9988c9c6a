import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CloseCode } from '../../collab/protocol.js';
import { COLLAB_TOKEN_TTL_MS, signCollabToken, verifyCollabToken } from '../collab/collab-token.js';
import type { CollabMember } from '../collab/collab-service.js';
import { documentAccess, isRefusal, NO_SUCH_DOCUMENT, parseDocumentName, type DocumentName, type Refusal } from '../collab/documents.js';
import { loadUser, requireUser } from '../http/auth.js';
import { currentUser } from '../http/context.js';
import { isSameSiteRequest } from '../http/cross-site.js';
import { HttpError, notFound } from '../http/errors.js';

/** What the checks before the upgrade decided: the connection's document and member, or why it is refused. */
type Verdict = { document: DocumentName; member: CollabMember } | Refusal;

const documentField = { type: 'string', minLength: 1, maxLength: 200 } as const;

const tokenBody = {
  type: 'object',
  required: ['document'],
  additionalProperties: false,
  properties: { document: documentField },
} as const;

const tokenAnswer = {
  type: 'object',
  required: ['token', 'expires_at'],
  additionalProperties: false,
  properties: { token: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' } },
} as const;

/** The HTTP status of a refusal, for the token route. */
function httpError(refusal: Refusal): HttpError {
  return refusal.code === CloseCode.notFound ? notFound(refusal.reason) : new HttpError(403, refusal.reason);
}

/**
 * Editing together: `GET /api/collab/:name` is the websocket of one shared document
 * (`issue-description:<issue id>` or `page:<page id>`), served by this process's CollabHub on the
 * API's own port (@fastify/websocket: the upgrade goes through fastify's hooks, so the host check,
 * the cookie parser and the error handler apply as to any route, and no second server or port is
 * needed). Before the upgrade: the `Origin` must be the server's own or an allowed one (else 403,
 * never upgraded). Then the caller (session cookie, or `?token=` from `POST /api/collab/token`),
 * a per-user limit on attempts, the name and the caller's role in the document's project decide;
 * a refusal is sent as the close code right after the upgrade, which an editor can read
 * (a browser sees no HTTP status of a refused upgrade): 4401 not signed in, 4429 too many
 * attempts, 4404 no such document (or not theirs to open), 4403 pages turned off.
 */
export async function collabRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, rateLimiter, collab } = app;
  const allowedOrigins = config.publicUrl ? [config.publicUrl, ...config.allowedOrigins] : config.allowedOrigins;
  const verdicts = new WeakMap<FastifyRequest, Verdict>();

  /** The user behind a token or the session cookie, or the refusal. */
  async function caller(request: FastifyRequest, reply: FastifyReply, token: string | undefined): Promise<{ id: string; name: string; avatar: string | null; document: string | null } | Refusal> {
    if (token !== undefined) {
      const claims = verifyCollabToken(config.sessionSecret, token);
      const user = claims && (await db.maybeOne<{ id: string; display_name: string; avatar: string | null }>('SELECT id, display_name, avatar FROM users WHERE id = $1', [claims.user]));
      if (!claims || !user) return { code: CloseCode.unauthorized, reason: 'The token is not valid or has expired; ask for a new one.' };
      return { id: user.id, name: user.display_name, avatar: user.avatar, document: claims.document };
    }
    const user = await loadUser(request, reply);
    if (!user) return { code: CloseCode.unauthorized, reason: 'Sign in to open this document.' };
    return { id: user.id, name: user.display_name, avatar: user.avatar, document: null };
  }

  async function decide(request: FastifyRequest<{ Params: { name: string }; Querystring: { token?: string } }>, reply: FastifyReply): Promise<Verdict> {
    const who = await caller(request, reply, request.query.token);
    if (isRefusal(who)) return who;
    const wait = await rateLimiter.take([{ key: `collab:connect:${who.id}`, limit: config.collab.connectsPerUser }]);
    if (wait) return { code: CloseCode.rateLimited, reason: `Too many connections. Please try again in ${wait} seconds.` };
    const document = parseDocumentName(request.params.name);
    if (!document) return NO_SUCH_DOCUMENT;
    if (who.document !== null && who.document !== document.name) return { code: CloseCode.unauthorized, reason: 'The token is for another document.' };
    const access = await documentAccess(db, document, who.id);
    if (isRefusal(access)) return access;
    return { document, member: { id: who.id, name: who.name, avatar: who.avatar, projectId: access.projectId, workspaceId: access.workspaceId, readOnly: access.readOnly } };
  }

  app.get<{ Params: { name: string }; Querystring: { token?: string } }>(
    '/collab/:name',
    {
      websocket: true,
      schema: {
        params: { type: 'object', required: ['name'], properties: { name: documentField } },
        querystring: { type: 'object', additionalProperties: false, properties: { token: { type: 'string', minLength: 1, maxLength: 1000 } } },
      },
      preHandler: async (request, reply) => {
        if (!request.ws) throw new HttpError(426, 'This address takes a websocket connection.', { headers: { upgrade: 'websocket' } });
        // Cross-site websocket hijacking: a page elsewhere opens sockets with the user's cookies.
        if (!isSameSiteRequest(request, allowedOrigins)) throw new HttpError(403, 'Cross-site websocket refused.');
        verdicts.set(request, await decide(request, reply));
      },
    },
    (socket, request) => {
      const verdict = verdicts.get(request) ?? NO_SUCH_DOCUMENT;
      if (isRefusal(verdict)) socket.close(verdict.code, verdict.reason);
      else collab.connect(socket, verdict.document, verdict.member);
    },
  );

  app.post<{ Body: { document: string } }>(
    '/collab/token',
    { preHandler: requireUser, schema: { body: tokenBody, response: { 200: tokenAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const document = parseDocumentName(request.body.document);
      if (!document) throw httpError(NO_SUCH_DOCUMENT);
      const access = await documentAccess(db, document, user.id);
      if (isRefusal(access)) throw httpError(access);
      const expires = Date.now() + COLLAB_TOKEN_TTL_MS;
      return {
        token: signCollabToken(config.sessionSecret, { user: user.id, document: document.name, expires }),
        expires_at: new Date(expires).toISOString(),
      };
    },
  );
}
