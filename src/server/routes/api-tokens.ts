import type { FastifyInstance } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { DEFAULT_API_TOKEN_ACCESS } from '../../api-shapes/api-token-access.js';
import { API_TOKEN_EXPIRY_TOO_LATE, latestTokenExpiry } from '../../api-shapes/api-token-limits.js';
import { apiTokenCreateBody, apiTokenShape, createdApiTokenShape, memberApiTokenShape } from '../../api-shapes/api-token.js';
import { newApiToken } from '../auth/api-tokens.js';
import { insertRow } from '../db/row-writes.js';
import { selectList } from '../db/select-list.js';
import { SqlParams } from '../db/sql-params.js';
import { requireUser } from '../http/auth.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { withIds, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { DISPLAY_USER_JSON } from '../issues/issue-shape.js';
import { Role } from '../roles.js';
import { requiredName } from '../http/typed-name.js';

/**
 * The role that makes API tokens: the spec's API tokens settings entry (Admin, 20), the only place
 * the app makes them, so a token never exists that its maker cannot see in the app.
 */
const MAKES_TOKENS = Role.Admin;

/** The role that sees and revokes everyone's tokens: the spec's API tokens settings page (Admin, 20). */
const OVERSEES_TOKENS = Role.Admin;

const TOKEN_COLUMNS = selectList(apiTokenShape, 't');

/** A token as the server reads it (timestamps as Dates). */
type ApiTokenRow = StaticDecode<typeof apiTokenShape>;

const tokenParams = withIds(workspaceParams, 'tokenId');

/**
 * Personal API tokens: admins make them for themselves in a workspace (the settings page's role),
 * with a label, an optional expiry and an access level (read only, or read and write); the secret
 * is in the answer once and only its hash is kept. Everyone lists and revokes their own tokens (an
 * admin demoted to member, or a member with a token made before only admins made them, can still
 * revoke theirs); only the workspace's admins see the other members'
 * tokens (…/api-tokens/members, with their owners) and revoke them, so a credential no one else
 * can see never outlives an admin's decision; for anyone else another person's token is 404.
 * Session-only: a token cannot make, list or revoke tokens. A token's access is never changed
 * afterwards (no route changes a token), as other trackers do: a new token is made instead.
 */
export async function apiTokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const path = '/workspaces/:slug/api-tokens';

  app.get(
    path,
    { preHandler: [requireUser, requireWorkspaceRole(Role.Guest)], schema: { params: workspaceParams, response: { 200: Type.Array(apiTokenShape) } } },
    async (request) =>
      db.query<ApiTokenRow>(`SELECT ${TOKEN_COLUMNS} FROM api_tokens t WHERE t.workspace_id = $1 AND t.user_id = $2 ORDER BY t.created_at DESC, t.id`, [
        currentWorkspace(request).id,
        currentUser(request).id,
      ]),
  );

  app.post(
    path,
    {
      preHandler: [requireUser, requireWorkspaceRole(MAKES_TOKENS)],
      schema: { params: workspaceParams, body: apiTokenCreateBody, response: { 201: createdApiTokenShape } },
    },
    async (request, reply) => {
      const label = requiredName(request.body.label, 'Label cannot be empty');
      const expiresAt = request.body.expires_at === undefined ? null : new Date(request.body.expires_at);
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest('Expires at must be in the future.');
      if (expiresAt && expiresAt > latestTokenExpiry(new Date())) throw badRequest(API_TOKEN_EXPIRY_TOO_LATE);
      const { token, hash, prefix } = newApiToken();
      const params = new SqlParams();
      const access = request.body.access ?? DEFAULT_API_TOKEN_ACCESS;
      const values = { workspace_id: currentWorkspace(request).id, user_id: currentUser(request).id, label, access, token_hash: hash, token_prefix: prefix, expires_at: expiresAt };
      const created = await db.one<ApiTokenRow>(`WITH t AS (${insertRow('api_tokens', values, params)} RETURNING *) SELECT ${TOKEN_COLUMNS} FROM t`, params.values);
      return reply.code(201).send({ ...created, token });
    },
  );

  app.get(
    `${path}/members`,
    {
      preHandler: [requireUser, requireWorkspaceRole(OVERSEES_TOKENS)],
      schema: { params: workspaceParams, response: { 200: Type.Array(memberApiTokenShape) } },
    },
    async (request) =>
      db.query(
        `SELECT ${TOKEN_COLUMNS}, ${DISPLAY_USER_JSON} AS owner FROM api_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.workspace_id = $1 AND t.user_id <> $2 ORDER BY lower(u.display_name), u.id, t.created_at DESC, t.id`,
        [currentWorkspace(request).id, currentUser(request).id],
      ),
  );

  app.delete(
    `${path}/:tokenId`,
    { preHandler: [requireUser, requireWorkspaceRole(Role.Guest)], schema: { params: tokenParams } },
    async (request, reply) => {
      // Admins revoke anyone's token in the workspace; everyone else only their own.
      const anyone = currentWorkspace(request).role >= OVERSEES_TOKENS;
      const revoked = await db.maybeOne('DELETE FROM api_tokens WHERE id = $1 AND workspace_id = $2 AND (user_id = $3 OR $4) RETURNING id', [
        request.params.tokenId,
        currentWorkspace(request).id,
        currentUser(request).id,
        anyone,
      ]);
      if (!revoked) throw notFound('API token not found.');
      return reply.code(204).send();
    },
  );
}
