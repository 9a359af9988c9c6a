import type { FastifyInstance } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { stateCreateBody, stateShape, stateUpdateBody } from '../../api-shapes/state.js';
import { isDatabaseError, type Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { currentProject } from '../http/context.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, withIds } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { announceWorkflowChange } from '../live/live-events.js';
import { Role } from '../roles.js';
import { requiredName } from '../http/typed-name.js';

// The state shape is defined once in src/api-shapes/state.ts (shared with the app).

/** A state as the server reads it (timestamps as Dates). */
type StateJson = StaticDecode<typeof stateShape>;

/** SELECT list of a state from `states s`. */
const STATE_COLUMNS = selectList(stateShape, 's');

const stateParams = withIds(projectParams, 'stateId');

const NAME_TAKEN = 'A state with this name already exists in the project.';
const STATE_NOT_FOUND = 'State not found.';

function checkedStateName(name: string): string {
  return requiredName(name, 'State name is required.');
}

/** One state, as the API returns it. */
function readState(db: Db, stateId: string): Promise<StateJson> {
  return db.one<StateJson>(`SELECT ${STATE_COLUMNS} FROM states s WHERE s.id = $1`, [stateId]);
}

function nameTaken(error: unknown): never {
  throw isDatabaseError(error, '23505') ? conflict(NAME_TAKEN) : error;
}

/**
 * Locks the project row before any of its states, so two admins moving the default at once take
 * turns (the second then sees the first one's default) instead of colliding on the one-default index.
 */
async function lockDefaults(tx: Db, projectId: string): Promise<void> {
  await tx.query('SELECT id FROM projects WHERE id = $1 FOR NO KEY UPDATE', [projectId]);
}

/** Makes `stateId` the project's only default state (the old default first gives the flag up); call lockDefaults first. */
async function makeDefault(tx: Db, projectId: string, stateId: string): Promise<void> {
  await tx.query('UPDATE states SET is_default = false WHERE project_id = $1 AND is_default AND id <> $2', [projectId, stateId]);
  await tx.query('UPDATE states SET is_default = true WHERE id = $1', [stateId]);
}

/**
 * A project's workflow states: everyone in the project lists them; project admins create,
 * change and delete them. A project always has exactly one default state (new issues start
 * there), and a state that issues still use cannot be deleted.
 */
export async function stateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/projects/:projectId/states',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: projectParams, response: { 200: Type.Array(stateShape) } } },
    async (request) =>
      db.query<StateJson>(`SELECT ${STATE_COLUMNS} FROM states s WHERE s.project_id = $1 ORDER BY s.sequence, lower(s.name), s.id`, [currentProject(request).id]),
  );

  app.post(
    '/workspaces/:slug/projects/:projectId/states',
    {
      preHandler: requireProjectRole(Role.Admin),
      schema: {
        params: projectParams,
        body: stateCreateBody,
        response: { 201: stateShape },
      },
    },
    async (request, reply) => {
      const project = currentProject(request);
      const body = request.body;
      const name = checkedStateName(body.name);
      const state = await db.transaction(async (tx) => {
        if (body.is_default) await lockDefaults(tx, project.id);
        const created = await tx
          .maybeOne<{ id: string }>(
            `INSERT INTO states (project_id, name, description, color, "group", sequence)
             VALUES ($1, $2, $3, $4, $5,
                     COALESCE($6, (SELECT COALESCE(max(sequence), 0) + 10000 FROM states WHERE project_id = $1)))
             ON CONFLICT (project_id, name) DO NOTHING
             RETURNING id`,
            [project.id, name, body.description?.trim() ?? '', body.color, body.group, body.sequence ?? null],
          )
          .catch(nameTaken);
        if (!created) throw conflict(NAME_TAKEN);
        if (body.is_default) await makeDefault(tx, project.id, created.id);
        await announceWorkflowChange(tx, request, 'state', 'created', created.id);
        return readState(tx, created.id);
      });
      return reply.code(201).send(state);
    },
  );

  app.patch(
    '/workspaces/:slug/projects/:projectId/states/:stateId',
    {
      preHandler: requireProjectRole(Role.Admin),
      schema: {
        params: stateParams,
        body: stateUpdateBody,
        response: { 200: stateShape },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const body = request.body;
      const name = body.name === undefined ? null : checkedStateName(body.name);
      return db.transaction(async (tx) => {
        if (body.is_default) await lockDefaults(tx, project.id);
        const state = await tx.maybeOne<{ id: string; is_default: boolean }>(
          'SELECT id, is_default FROM states WHERE id = $1 AND project_id = $2 FOR UPDATE',
          [request.params.stateId, project.id],
        );
        if (!state) throw notFound(STATE_NOT_FOUND);
        if (body.is_default === false && state.is_default) {
          throw badRequest('A project always has one default state: make another state the default instead.');
        }
        await tx
          .query(
            `UPDATE states SET name = COALESCE($2, name), description = COALESCE($3, description), color = COALESCE($4, color),
                    "group" = COALESCE($5, "group"), sequence = COALESCE($6, sequence)
              WHERE id = $1`,
            [state.id, name, body.description?.trim() ?? null, body.color ?? null, body.group ?? null, body.sequence ?? null],
          )
          .catch(nameTaken);
        if (body.is_default && !state.is_default) await makeDefault(tx, project.id, state.id);
        await announceWorkflowChange(tx, request, 'state', 'updated', state.id);
        return readState(tx, state.id);
      });
    },
  );

  app.delete(
    '/workspaces/:slug/projects/:projectId/states/:stateId',
    { preHandler: requireProjectRole(Role.Admin), schema: { params: stateParams } },
    async (request, reply) => {
      const project = currentProject(request);
      await db.transaction(async (tx) => {
        const state = await tx.maybeOne<{ id: string; is_default: boolean }>(
          'SELECT id, is_default FROM states WHERE id = $1 AND project_id = $2 FOR UPDATE',
          [request.params.stateId, project.id],
        );
        if (!state) throw notFound(STATE_NOT_FOUND);
        if (state.is_default) throw conflict('The default state cannot be deleted: make another state the default first.');
        const used = await tx.one<{ count: number }>('SELECT count(*) AS count FROM issues WHERE state_id = $1 AND deleted_at IS NULL', [state.id]);
        if (used.count > 0) {
          throw conflict(
            used.count === 1
              ? 'This state is used by 1 issue: move it to another state before deleting the state.'
              : `This state is used by ${used.count} issues: move them to another state before deleting the state.`,
          );
        }
        // Deleted issues keep their rows (for the activity feed) but no longer need their state.
        await tx.query('UPDATE issues SET state_id = NULL WHERE state_id = $1 AND deleted_at IS NOT NULL', [state.id]);
        await tx.query('DELETE FROM states WHERE id = $1', [state.id]).catch((error: unknown) => {
          // An issue moved into this state meanwhile.
          throw isDatabaseError(error, '23503') ? conflict('This state is used by issues: move them to another state before deleting the state.') : error;
        });
        await announceWorkflowChange(tx, request, 'state', 'deleted', state.id);
      });
      return reply.code(204).send();
    },
  );
}
