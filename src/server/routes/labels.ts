import type { FastifyInstance } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { labelCreateBody, labelShape, labelUpdateBody } from '../../api-shapes/label.js';
import { isDatabaseError } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { currentProject, currentUser } from '../http/context.js';
import { conflict, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, withIds } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { recordIssueActivity } from '../issues/activity.js';
import { announceWorkflowChange } from '../live/live-events.js';
import { Role } from '../roles.js';
import { requiredName } from '../http/typed-name.js';

// The label shape is defined once in src/api-shapes/label.ts (shared with the app).

/** A label as the server reads it (timestamps as Dates). */
type LabelJson = StaticDecode<typeof labelShape>;

/** SELECT (or RETURNING) list of a label from `labels l`. */
const LABEL_COLUMNS = selectList(labelShape, 'l');

const labelParams = withIds(projectParams, 'labelId');

const NAME_TAKEN = 'A label with this name already exists in the project.';

function checkedLabelName(name: string): string {
  return requiredName(name, 'Label name is required.');
}

function nameTaken(error: unknown): never {
  throw isDatabaseError(error, '23505') ? conflict(NAME_TAKEN) : error;
}

/** A project's labels: everyone in the project lists them; members and admins create, change and delete them. */
export async function labelRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/projects/:projectId/labels',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: projectParams, response: { 200: Type.Array(labelShape) } } },
    async (request) =>
      db.query<LabelJson>(`SELECT ${LABEL_COLUMNS} FROM labels l WHERE l.project_id = $1 ORDER BY l.sort_order, lower(l.name), l.id`, [currentProject(request).id]),
  );

  app.post(
    '/workspaces/:slug/projects/:projectId/labels',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: projectParams,
        body: labelCreateBody,
        response: { 201: labelShape },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const body = request.body;
      const label = await db.transaction(async (tx) => {
        const created = await tx
          .maybeOne<LabelJson>(
            `INSERT INTO labels AS l (project_id, name, color, sort_order)
             VALUES ($1, $2, $3, COALESCE($4, (SELECT COALESCE(max(sort_order), 0) + 10000 FROM labels WHERE project_id = $1)))
             ON CONFLICT (project_id, name) DO NOTHING
             RETURNING ${LABEL_COLUMNS}`,
            [project.id, checkedLabelName(body.name), body.color ?? '', body.sort_order ?? null],
          )
          .catch(nameTaken);
        if (!created) throw conflict(NAME_TAKEN);
        await announceWorkflowChange(tx, request, 'label', 'created', created.id);
        return created;
      });
      return reply.code(201).send(label);
    },
  );

  app.patch(
    '/workspaces/:slug/projects/:projectId/labels/:labelId',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: labelParams,
        body: labelUpdateBody,
        response: { 200: labelShape },
      },
    },
    async (request) => {
      const body = request.body;
      return db.transaction(async (tx) => {
        const label = await tx
          .maybeOne<LabelJson>(
            `UPDATE labels l SET name = COALESCE($3, name), color = COALESCE($4, color), sort_order = COALESCE($5, sort_order)
              WHERE l.id = $1 AND l.project_id = $2
              RETURNING ${LABEL_COLUMNS}`,
            [request.params.labelId, currentProject(request).id, body.name === undefined ? null : checkedLabelName(body.name), body.color ?? null, body.sort_order ?? null],
          )
          .catch(nameTaken);
        if (!label) throw notFound('Label not found.');
        await announceWorkflowChange(tx, request, 'label', 'updated', label.id);
        return label;
      });
    },
  );

  app.delete(
    '/workspaces/:slug/projects/:projectId/labels/:labelId',
    { preHandler: requireProjectRole(Role.Member), schema: { params: labelParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const actorId = currentUser(request).id;
      await db.transaction(async (tx) => {
        const label = await tx.maybeOne<{ id: string; name: string }>('SELECT id, name FROM labels WHERE id = $1 AND project_id = $2 FOR UPDATE', [
          request.params.labelId,
          project.id,
        ]);
        if (!label) throw notFound('Label not found.');
        // The label leaves every issue that has it (a cascade): their feeds say so.
        const issues = await tx.query<{ id: string; project_id: string; workspace_id: string }>(
          `SELECT i.id, i.project_id, i.workspace_id FROM issue_labels il JOIN issues i ON i.id = il.issue_id
            WHERE il.label_id = $1 AND i.deleted_at IS NULL`,
          [label.id],
        );
        await tx.query('DELETE FROM labels WHERE id = $1', [label.id]);
        for (const issue of issues) {
          await recordIssueActivity(tx, { issue, actorId, field: 'labels', verb: 'updated', oldValue: label.name, newValue: '', oldIdentifier: label.id });
        }
        await announceWorkflowChange(tx, request, 'label', 'deleted', label.id);
      });
      return reply.code(204).send();
    },
  );
}
