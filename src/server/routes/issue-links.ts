import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { nullable, projectParams, text, timestamp, uuid, withIds } from '../http/schemas.js';
import { recordIssueActivity } from '../issues/activity.js';
import { findIssue, findIssueToChange } from '../issues/issue-lookup.js';
import { issueParams } from '../issues/issue-shape.js';
import { Role } from '../roles.js';
import { linkHrefFromInput } from '../../core/url-input.js';

/** The spec's link: id, title (optional), url, created_by, created_at. */
interface LinkJson {
  id: string;
  title: string | null;
  url: string;
  created_by: string | null;
  created_at: Date;
}

const LINK_COLUMNS = 'id, title, url, created_by, created_at';

const linkSchema = {
  type: 'object',
  required: ['id', 'title', 'url', 'created_by', 'created_at'],
  properties: { id: uuid, title: nullable({ type: 'string' }), url: { type: 'string' }, created_by: nullable(uuid), created_at: timestamp },
} as const;

// The URL is not `required` in the schema: its absence gets the spec's own message below.
const linkFields = { url: text(2048), title: nullable(text(255)) } as const;

const linkParams = withIds(projectParams, 'issueId', 'linkId');

/** The spec's message for a link without URL. */
export const URL_REQUIRED = 'URL is required';

/** The message for a URL that is not http(s). */
export const URL_NOT_HTTP = 'Enter a valid URL that begins with http:// or https://';

/**
 * The URL as stored, or 400: required, and an http(s) address or a bare domain, which gets
 * https:// (spec: link protocols are http and https; the address "must begin with http:// or
 * {host}"), judged by the editor's own rule.
 */
function checkedUrl(url: string | undefined): string {
  if (!url?.trim()) throw badRequest(URL_REQUIRED);
  const href = linkHrefFromInput(url);
  if (!href) throw badRequest(URL_NOT_HTTP);
  return href;
}

function checkedTitle(title: string | null | undefined): string | null {
  const trimmed = title?.trim() ?? '';
  return trimmed || null;
}

async function findLink(db: Db, issueId: string, linkId: string): Promise<LinkJson> {
  const link = await db.maybeOne<LinkJson>(`SELECT ${LINK_COLUMNS} FROM issue_links WHERE id = $1 AND issue_id = $2 FOR UPDATE`, [linkId, issueId]);
  if (!link) throw notFound('Link not found.');
  return link;
}

/**
 * An issue's links: everyone in the project lists them; members and admins add, edit and delete
 * them (spec: guests and viewers cannot edit or delete links). The feed records each change
 * under link: created, updated or deleted.
 */
export async function issueLinkRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Params: { issueId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/links',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: { type: 'array', items: linkSchema } } } },
    async (request) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      return db.query<LinkJson>(`SELECT ${LINK_COLUMNS} FROM issue_links WHERE issue_id = $1 ORDER BY created_at, id`, [issue.id]);
    },
  );

  app.post<{ Params: { issueId: string }; Body: { url?: string; title?: string | null } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/links',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: { params: issueParams, body: { type: 'object', additionalProperties: false, properties: linkFields }, response: { 201: linkSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const url = checkedUrl(request.body.url);
      const title = checkedTitle(request.body.title);
      const link = await db.transaction(async (tx) => {
        const issue = await findIssueToChange(tx, currentProject(request).id, request.params.issueId);
        const created = await tx.one<LinkJson>(
          `INSERT INTO issue_links (issue_id, title, url, created_by) VALUES ($1, $2, $3, $4) RETURNING ${LINK_COLUMNS}`,
          [issue.id, title, url, user.id],
        );
        await recordIssueActivity(tx, { issue, actorId: user.id, field: 'link', verb: 'created', newValue: url, newIdentifier: created.id });
        return created;
      });
      return reply.code(201).send(link);
    },
  );

  app.patch<{ Params: { issueId: string; linkId: string }; Body: { url?: string; title?: string | null } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/links/:linkId',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: linkParams,
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: linkFields },
        response: { 200: linkSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const url = 'url' in body ? checkedUrl(body.url) : null;
      return db.transaction(async (tx) => {
        const issue = await findIssueToChange(tx, currentProject(request).id, request.params.issueId);
        const link = await findLink(tx, issue.id, request.params.linkId);
        const updated = await tx.one<LinkJson>(
          `UPDATE issue_links SET url = COALESCE($2, url), title = CASE WHEN $3::boolean THEN $4 ELSE title END
            WHERE id = $1 RETURNING ${LINK_COLUMNS}`,
          [link.id, url, 'title' in body, checkedTitle(body.title)],
        );
        if (updated.url !== link.url || updated.title !== link.title) {
          await recordIssueActivity(tx, {
            issue,
            actorId: user.id,
            field: 'link',
            verb: 'updated',
            oldValue: link.url,
            newValue: updated.url,
            oldIdentifier: link.id,
            newIdentifier: link.id,
          });
        }
        return updated;
      });
    },
  );

  app.delete<{ Params: { issueId: string; linkId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/links/:linkId',
    { preHandler: requireProjectRole(Role.Member), schema: { params: linkParams } },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const issue = await findIssueToChange(tx, currentProject(request).id, request.params.issueId);
        const link = await findLink(tx, issue.id, request.params.linkId);
        await tx.query('DELETE FROM issue_links WHERE id = $1', [link.id]);
        await recordIssueActivity(tx, { issue, actorId: user.id, field: 'link', verb: 'deleted', oldValue: link.url, oldIdentifier: link.id });
      });
      return reply.code(204).send();
    },
  );
}
