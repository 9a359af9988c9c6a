import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, withIds } from '../http/schemas.js';
import { recordIssueActivity } from '../issues/activity.js';
import { findIssue, findIssueToChange, lockIssues } from '../issues/issue-lookup.js';
import { HIDDEN_ISSUE, openableIssueSql, readerOf, type Reader } from '../issues/issue-access.js';
import { issueParams, ISSUE_SUMMARY_COLUMNS, LISTED_ISSUE_FROM, type IssueSummary } from '../issues/issue-shape.js';
import { INVERSE_RELATION as INVERSE, issueRelationShape, relationCreateBody, type IssueRelation, type RelationCreateBody, type RelationType } from '../../api-shapes/issue-relation.js';
import { SqlParams } from '../db/sql-params.js';
import { Role } from '../roles.js';

const relationParams = withIds(projectParams, 'issueId', 'relationId');

/** An issue with its key, as relation activity rows name it. */
interface KeyedIssue {
  id: string;
  project_id: string;
  workspace_id: string;
  key: string;
}

const KEYED = "i.id, i.project_id, i.workspace_id, p.identifier || '-' || i.sequence_id AS key";

/**
 * The relations of `issueId` (to live issues), as seen from it by `reader`. A relation to an
 * issue the reader cannot open stays listed (it exists, and members may remove it), as
 * `{ hidden: true }` without any field of that issue.
 */
async function listRelations(db: Db, issueId: string, reader: Reader): Promise<IssueRelation[]> {
  const params = new SqlParams();
  const base = params.bind(issueId);
  const rows = await db.query<IssueSummary & { relation_id: string; relation_type: RelationType; mirrored: boolean; openable: boolean }>(
    `SELECT r.id AS relation_id, r.relation_type, r.issue_id <> ${base} AS mirrored, ${openableIssueSql('i', params, reader)} AS openable,
            ${ISSUE_SUMMARY_COLUMNS}
       FROM issue_relations r
       JOIN ${LISTED_ISSUE_FROM} ON i.id = CASE WHEN r.issue_id = ${base} THEN r.related_issue_id ELSE r.issue_id END
      WHERE (r.issue_id = ${base} OR r.related_issue_id = ${base}) AND i.deleted_at IS NULL
      ORDER BY r.created_at, r.id`,
    params.values,
  );
  return rows.map(({ relation_id: id, relation_type: type, mirrored, openable, ...issue }) => ({
    id,
    relation_type: mirrored ? INVERSE[type] : type,
    issue: openable ? issue : HIDDEN_ISSUE,
  }));
}

/** Records the relation on both issues: `type` on `from`, its inverse on `to`; added or removed. */
async function recordBothSides(tx: Db, from: KeyedIssue, to: KeyedIssue, type: RelationType, added: boolean, actorId: string): Promise<void> {
  const sides: [KeyedIssue, KeyedIssue, RelationType][] = [
    [from, to, type],
    [to, from, INVERSE[type]],
  ];
  for (const [issue, other, field] of sides) {
    await recordIssueActivity(tx, {
      issue,
      actorId,
      field,
      verb: added ? 'created' : 'deleted',
      oldValue: added ? '' : other.key,
      newValue: added ? other.key : '',
      oldIdentifier: added ? null : other.id,
      newIdentifier: added ? other.id : null,
    });
  }
}

/**
 * Relations between issues (relates_to, blocking, blocked_by, duplicate), possibly across the
 * workspace's projects the caller can open: everyone in the project lists them; members and
 * admins add and remove them. One relation per pair of issues; each change is recorded on both.
 */
export async function issueRelationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Params: { issueId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/relations',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: { type: 'array', items: issueRelationShape } } } },
    async (request) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      return listRelations(db, issue.id, readerOf(request));
    },
  );

  app.post<{ Params: { issueId: string }; Body: RelationCreateBody }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/relations',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: issueParams,
        body: relationCreateBody,
        response: { 201: { type: 'array', items: issueRelationShape } },
      },
    },
    async (request, reply) => {
      const { relation_type: type } = request.body;
      const ids = [...new Set(request.body.issue_ids)];
      if (!ids.length) throw badRequest('Please select at least one issue.');
      const user = currentUser(request);
      const issueId = await db.transaction(async (tx) => {
        const base = await findIssue(tx, currentProject(request).id, request.params.issueId);
        if (ids.includes(base.id)) throw badRequest('An issue cannot be related to itself.');
        // Both ends locked in the one order: two people relating the same pair from either side take
        // turns (the second then sees the first relation) instead of deadlocking.
        await lockIssues(tx, [base.id, ...ids]);
        await findIssueToChange(tx, base.project_id, base.id);
        const from = await tx.one<KeyedIssue>(`SELECT ${KEYED} FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1`, [base.id]);
        const params = new SqlParams();
        const others = await tx.query<KeyedIssue>(
          `SELECT ${KEYED} FROM issues i JOIN projects p ON p.id = i.project_id
            WHERE i.id = ANY(${params.bind(ids)}::uuid[]) AND i.deleted_at IS NULL
              AND ${openableIssueSql('i', params, readerOf(request))}`,
          params.values,
        );
        if (others.length !== ids.length) throw badRequest('Related issues must be issues of this workspace that you can open.');
        const existing = await tx.query(
          `SELECT id FROM issue_relations
            WHERE (issue_id = $1 AND related_issue_id = ANY($2::uuid[])) OR (related_issue_id = $1 AND issue_id = ANY($2::uuid[]))`,
          [base.id, ids],
        );
        if (existing.length) throw conflict('Some of these issues are already related to this one: remove that relation first.');
        for (const other of others) {
          // blocked_by is stored as the other issue blocking this one: one row per pair, whichever side adds it.
          const [issue, related, stored] = type === 'blocked_by' ? [other.id, base.id, 'blocking'] : [base.id, other.id, type];
          await tx.query('INSERT INTO issue_relations (issue_id, related_issue_id, relation_type, created_by) VALUES ($1, $2, $3, $4)', [
            issue,
            related,
            stored,
            user.id,
          ]);
          await recordBothSides(tx, from, other, type, true, user.id);
        }
        return base.id;
      });
      const relations = await listRelations(db, issueId, readerOf(request));
      return reply.code(201).send(relations.filter((relation) => 'id' in relation.issue && ids.includes(relation.issue.id)));
    },
  );

  app.delete<{ Params: { issueId: string; relationId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/relations/:relationId',
    { preHandler: requireProjectRole(Role.Member), schema: { params: relationParams } },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const base = await findIssueToChange(tx, currentProject(request).id, request.params.issueId);
        const relation = await tx.maybeOne<{ issue_id: string; related_issue_id: string; relation_type: RelationType }>(
          'DELETE FROM issue_relations WHERE id = $1 AND (issue_id = $2 OR related_issue_id = $2) RETURNING issue_id, related_issue_id, relation_type',
          [request.params.relationId, base.id],
        );
        if (!relation) throw notFound('Relation not found.');
        const sides = await tx.query<KeyedIssue>(`SELECT ${KEYED} FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = ANY($1::uuid[])`, [
          [relation.issue_id, relation.related_issue_id],
        ]);
        const byId = new Map(sides.map((side) => [side.id, side]));
        await recordBothSides(tx, byId.get(relation.issue_id)!, byId.get(relation.related_issue_id)!, relation.relation_type, false, user.id);
      });
      return reply.code(204).send();
    },
  );
}
