import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { integrationShape, integrationWithSecretShape } from '../../api-shapes/integration.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../http/errors.js';
import { BODY_NOT_UTF8 } from '../http/json-body.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, uuid, withIds } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { applyPullRequest, applyPush, integrationSecret, pullRequestOf, pushOf, validGitHubSignature } from '../integrations/github.js';
import { Role } from '../roles.js';

/** The answer to connecting a service the project is connected to already. */
export const ALREADY_CONNECTED = 'This project is already connected to GitHub.';

/** The answer to an event whose signature is not the connection's. */
export const SIGNATURE_MISMATCH = "The signature does not match this connection's secret. Copy the secret from the project's settings into the webhook.";

/** The answer to an event sent as a form: GitHub's webhook must send JSON. */
export const SEND_JSON = 'Set the webhook\'s content type to application/json.';

/** The most bytes an event's body may have. */
const EVENT_BODY_LIMIT = 5 * 1024 * 1024;

const INTEGRATION_NOT_FOUND = 'Integration not found.';

const integrationParams = withIds(projectParams, 'integrationId');

interface IntegrationRow {
  id: string;
  provider: 'github';
  created_by: string | null;
  created_at: Date;
  last_delivery_at: Date | null;
  last_delivery_result: string | null;
}

const INTEGRATION_COLUMNS = 'pi.id, pi.provider, u.display_name AS created_by, pi.created_at, pi.last_delivery_at, pi.last_delivery_result';

/** Where GitHub sends integration `id`'s events: the public URL when set, else this request's address. */
function webhookUrl(request: FastifyRequest, publicUrl: string | null, id: string): string {
  return `${publicUrl ?? `${request.protocol}://${request.host}`}/api/integrations/github/${id}`;
}

/**
 * A project's integrations. GitHub: a project admin connects it and gets the webhook's address and
 * secret (shown once; renewing it makes a new one), to set on a repository's webhook for pull
 * request events; each event signed with the secret links the issues the pull request names by
 * key and moves them as it opens and merges (integrations/github.ts), recorded as a bot's
 * activity. Viewers and up see when the last event came and what came of it; admins disconnect.
 */
export async function integrationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db, config } = app;
  const base = '/workspaces/:slug/projects/:projectId/integrations';

  const readAll = (request: FastifyRequest, projectId: string, id?: string) =>
    db
      .query<IntegrationRow>(
        `SELECT ${INTEGRATION_COLUMNS} FROM project_integrations pi LEFT JOIN users u ON u.id = pi.created_by
          WHERE pi.project_id = $1 AND ($2::uuid IS NULL OR pi.id = $2) ORDER BY pi.created_at`,
        [projectId, id ?? null],
      )
      .then((rows) => rows.map((row) => ({ ...row, webhook_url: webhookUrl(request, config.publicUrl, row.id) })));

  const withSecret = async (request: FastifyRequest, projectId: string, id: string, nonce: string) => {
    const [integration] = await readAll(request, projectId, id);
    return { ...integration!, secret: integrationSecret(config.sessionSecret, id, nonce) };
  };

  // Viewers and up see what is connected (never a secret); admins connect, renew and disconnect.
  app.get(base, { preHandler: requireProjectRole(Role.Viewer), schema: { params: projectParams, response: { 200: Type.Array(integrationShape) } } }, async (request) =>
    readAll(request, currentProject(request).id),
  );

  app.post(
    base,
    {
      preHandler: requireProjectRole(Role.Admin),
      schema: {
        params: projectParams,
        body: Type.Object({ provider: Type.Literal('github') }, { additionalProperties: false }),
        response: { 201: integrationWithSecretShape },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const nonce = randomBytes(16).toString('base64url');
      const id = await db.transaction(async (tx) => {
        const existing = await tx.maybeOne('SELECT 1 FROM project_integrations WHERE project_id = $1 AND provider = $2 FOR UPDATE', [project.id, 'github']);
        if (existing) throw conflict(ALREADY_CONNECTED);
        // Its own account, which no one can sign in to or sign up with (no @), names its changes.
        const bot = await tx.one<{ id: string }>(
          `INSERT INTO users (email, password_hash, display_name, first_name, last_name, is_bot) VALUES ($1, NULL, 'GitHub', 'GitHub', '', true) RETURNING id`,
          [`bot:github:${randomUUID()}`],
        );
        const created = await tx.maybeOne<{ id: string }>(
          `INSERT INTO project_integrations (project_id, provider, secret_nonce, bot_user_id, created_by) VALUES ($1, 'github', $2, $3, $4)
           ON CONFLICT (project_id, provider) DO NOTHING RETURNING id`,
          [project.id, nonce, bot.id, currentUser(request).id],
        );
        if (!created) throw conflict(ALREADY_CONNECTED);
        return created.id;
      });
      return reply.code(201).send(await withSecret(request, project.id, id, nonce));
    },
  );

  app.post(
    `${base}/:integrationId/secret`,
    { preHandler: requireProjectRole(Role.Admin), schema: { params: integrationParams, response: { 200: integrationWithSecretShape } } },
    async (request) => {
      const project = currentProject(request);
      const nonce = randomBytes(16).toString('base64url');
      const renewed = await db.query('UPDATE project_integrations SET secret_nonce = $3 WHERE id = $1 AND project_id = $2 RETURNING id', [
        request.params.integrationId,
        project.id,
        nonce,
      ]);
      if (!renewed.length) throw notFound(INTEGRATION_NOT_FOUND);
      return withSecret(request, project.id, request.params.integrationId, nonce);
    },
  );

  app.delete(`${base}/:integrationId`, { preHandler: requireProjectRole(Role.Admin), schema: { params: integrationParams } }, async (request, reply) => {
    const removed = await db.query('DELETE FROM project_integrations WHERE id = $1 AND project_id = $2 RETURNING id', [request.params.integrationId, currentProject(request).id]);
    if (!removed.length) throw notFound(INTEGRATION_NOT_FOUND);
    return reply.code(204).send();
  });

  // GitHub's events. Signed, not signed in: the body is kept as sent, so its HMAC can be checked.
  await app.register(async (inbound) => {
    inbound.removeContentTypeParser('application/json');
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    inbound.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) => {
      try {
        // Valid JSON holds no raw control characters, so the guard that checks every body passes it.
        done(null, utf8.decode(body as Buffer));
      } catch {
        done(badRequest(BODY_NOT_UTF8), undefined);
      }
    });
    inbound.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: EVENT_BODY_LIMIT }, (_request, _body, done) =>
      done(new HttpError(415, SEND_JSON), undefined),
    );
    typedRoutes(inbound).post(
      '/integrations/github/:integrationId',
      {
        bodyLimit: EVENT_BODY_LIMIT,
        schema: {
          params: Type.Object({ integrationId: uuid }),
          response: { 200: Type.Object({ result: Type.String() }, { additionalProperties: false }) },
        },
      },
      async (request) => {
        const event = request.headers['x-github-event'];
        if (typeof event !== 'string' || typeof request.body !== 'string') throw badRequest('This address takes GitHub webhook events (X-GitHub-Event and a JSON body).');
        const raw = Buffer.from(request.body, 'utf8');
        const integration = await db.maybeOne<{ id: string; secret_nonce: string; bot_user_id: string; project_id: string; identifier: string }>(
          `SELECT pi.id, pi.secret_nonce, pi.bot_user_id, pi.project_id, p.identifier
             FROM project_integrations pi JOIN projects p ON p.id = pi.project_id
            WHERE pi.id = $1 AND pi.provider = 'github'`,
          [request.params.integrationId],
        );
        if (!integration) throw notFound(INTEGRATION_NOT_FOUND);
        const signature = request.headers['x-hub-signature-256'];
        if (!validGitHubSignature(integrationSecret(config.sessionSecret, integration.id, integration.secret_nonce), raw, typeof signature === 'string' ? signature : undefined)) {
          throw unauthorized(SIGNATURE_MISMATCH);
        }
        let payload: unknown;
        try {
          payload = JSON.parse(request.body);
        } catch {
          throw badRequest('The event is not valid JSON.');
        }
        const result = await db.transaction(async (tx) => {
          let outcome: string;
          const target = { projectId: integration.project_id, identifier: integration.identifier, botUserId: integration.bot_user_id };
          if (event === 'ping') outcome = 'GitHub connected: pull requests will link and move issues, and pushes link the commits that name them.';
          else if (event === 'pull_request') {
            const pullRequest = pullRequestOf(payload);
            if (!pullRequest) throw badRequest('The pull request event lacks its number, title or address.');
            outcome = await applyPullRequest(tx, target, pullRequest);
          } else if (event === 'push') {
            const push = pushOf(payload);
            if (!push) throw badRequest('The push event lacks its branch or commits.');
            outcome = await applyPush(tx, target, push);
          } else outcome = `A ${event.replaceAll('_', ' ')} event was ignored: only pull request and push events are used.`;
          await recordDelivery(tx, integration.id, outcome);
          return outcome;
        });
        return { result };
      },
    );
  });
}

/** Notes the last event taken and what came of it. */
async function recordDelivery(tx: Db, id: string, result: string): Promise<void> {
  await tx.query('UPDATE project_integrations SET last_delivery_at = now(), last_delivery_result = $2 WHERE id = $1', [id, result.slice(0, 1000)]);
}

