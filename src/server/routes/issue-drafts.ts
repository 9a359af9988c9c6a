import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { issueDraftCreateBody, issueDraftShape, issueDraftUpdateBody } from '../../api-shapes/issue-draft.js';
import { insertRow, sqlExpression, updateSet, type ColumnValues } from '../db/row-writes.js';
import { SqlParams } from '../db/sql-params.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { conflict, notFound } from '../http/errors.js';
import { checkProjectRole, requireWorkspaceRole } from '../http/permissions.js';
import { workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { addIssuesToCycle } from '../cycles/cycle-issues.js';
import { addIssuesToModule } from '../modules/module-issues.js';
import { checkedCreation, insertIssue } from '../issues/create-issue.js';
import { ISSUE_NOT_FOUND } from '../issues/issue-lookup.js';
import { issueDetailSchema, readIssueDetail } from '../issues/issue-shape.js';
import {
  checkDraftFields,
  creationOf,
  draftDescription,
  draftParams,
  DRAFT_NOT_FOUND,
  listDrafts,
  ownDraft,
  type IssueDraftFields,
  type IssueDraftRow,
} from '../issues/issue-drafts.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { Role } from '../roles.js';

/** The creating role: a draft is an issue not created yet, so saving and publishing one need what creating does. */
const CREATES_ISSUES = Role.Member;

/**
 * A draft's columns from a body: its description cleaned in the rich-text pool (a blank one is
 * stored as none), everything else as given.
 */
async function draftColumns(request: FastifyRequest, fields: IssueDraftFields): Promise<ColumnValues> {
  const { description_html: html, description_json: json, ...rest } = fields;
  const values: Record<string, unknown> = { ...rest };
  if (html !== undefined || json !== undefined) {
    const description = await normalisedRichText(request, { html, json }, 'description');
    values.description_html = description.blank ? '' : description.html;
    values.description_json = description.blank ? null : JSON.stringify(description.json);
  }
  return values;
}

/**
 * Issue drafts (the create-issue dialog closed with something in it): each person lists, reads,
 * changes, deletes and publishes their own, and nobody else's (404, as for a draft that does
 * not exist). Saving and publishing need the role that creates issues in the draft's project,
 * with the same answers as creating an issue there.
 */
export async function issueDraftRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const path = '/workspaces/:slug/issue-drafts';
  const readDraft = async (request: FastifyRequest, draftId: string): Promise<IssueDraftRow> =>
    ownDraft(db, currentWorkspace(request).id, currentUser(request).id, draftId);

  app.get(
    path,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, response: { 200: Type.Array(issueDraftShape) } } },
    async (request) => listDrafts(db, currentWorkspace(request).id, currentUser(request).id),
  );

  app.get(
    `${path}/:draftId`,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: draftParams, response: { 200: issueDraftShape } } },
    async (request) => readDraft(request, request.params.draftId),
  );

  app.post(
    path,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, body: issueDraftCreateBody, response: { 201: issueDraftShape } } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const user = currentUser(request);
      const { project_id: projectId, ...fields } = request.body;
      await checkProjectRole(request, reply, projectId, CREATES_ISSUES);
      const columns = await draftColumns(request, fields);
      const id = await db.transaction(async (tx) => {
        await checkDraftFields(tx, projectId, fields);
        const params = new SqlParams();
        const values = { ...columns, workspace_id: workspace.id, project_id: projectId, user_id: user.id };
        return (await tx.one<{ id: string }>(`${insertRow('issue_drafts', values, params)} RETURNING id`, params.values)).id;
      });
      return reply.code(201).send(await readDraft(request, id));
    },
  );

  app.patch(
    `${path}/:draftId`,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: draftParams, body: issueDraftUpdateBody, response: { 200: issueDraftShape } } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const user = currentUser(request);
      const current = await readDraft(request, request.params.draftId);
      const projectId = request.body.project_id ?? current.project_id;
      await checkProjectRole(request, reply, projectId, CREATES_ISSUES);
      const columns = await draftColumns(request, request.body);
      await db.transaction(async (tx) => {
        const locked = await ownDraft(tx, workspace.id, user.id, current.id, { lock: true });
        const { project_id: _project, ...fields } = request.body;
        await checkDraftFields(tx, projectId, { ...locked, ...fields });
        const params = new SqlParams();
        // updated_at changes even when nothing else does: the list orders by when the draft was last saved.
        await tx.query(`UPDATE issue_drafts SET ${updateSet({ ...columns, updated_at: sqlExpression('now()') }, params)} WHERE id = ${params.bind(locked.id)}`, params.values);
      });
      return readDraft(request, current.id);
    },
  );

  app.delete(
    `${path}/:draftId`,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: draftParams } },
    async (request, reply) => {
      const deleted = await db.maybeOne('DELETE FROM issue_drafts WHERE id = $1 AND workspace_id = $2 AND user_id = $3 RETURNING id', [
        request.params.draftId,
        currentWorkspace(request).id,
        currentUser(request).id,
      ]);
      if (!deleted) throw notFound(DRAFT_NOT_FOUND);
      return reply.code(204).send();
    },
  );

  // Creates the issue exactly as POST …/issues does (the same checks, the same answers), puts it
  // in the draft's cycle and module, and removes the draft, all in one transaction.
  app.post(
    `${path}/:draftId/publish`,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: draftParams, response: { 201: issueDetailSchema } } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const user = currentUser(request);
      const draft = await readDraft(request, request.params.draftId);
      await checkProjectRole(request, reply, draft.project_id, CREATES_ISSUES);
      // The stored description was cleaned when the draft was saved.
      const creation = checkedCreation(creationOf(draft), await draftDescription(db, draft.id));
      const issueId = await db.transaction(async (tx) => {
        const locked = await ownDraft(tx, workspace.id, user.id, draft.id, { lock: true });
        if (locked.updated_at.getTime() !== draft.updated_at.getTime()) throw conflict('This draft changed while it was being published. Please try again.');
        const issue = await insertIssue(tx, { projectId: draft.project_id, workspaceId: workspace.id, userId: user.id }, creation);
        // A cycle or module whose feature was turned off since is left out, as the dialog would leave it.
        const cycle = draft.cycle_id
          ? await tx.maybeOne<{ id: string; name: string }>('SELECT c.id, c.name FROM cycles c JOIN projects p ON p.id = c.project_id WHERE c.id = $1 AND p.cycle_view FOR UPDATE OF c', [draft.cycle_id])
          : null;
        if (cycle) await addIssuesToCycle(tx, cycle, [issue], user.id);
        const module = draft.module_id
          ? await tx.maybeOne<{ id: string; name: string }>('SELECT m.id, m.name FROM modules m JOIN projects p ON p.id = m.project_id WHERE m.id = $1 AND p.module_view', [draft.module_id])
          : null;
        if (module) await addIssuesToModule(tx, module, [issue], user.id);
        await tx.query('DELETE FROM issue_drafts WHERE id = $1', [draft.id]);
        return issue.id;
      });
      const issue = await readIssueDetail(db, issueId, user.id);
      if (!issue) throw notFound(ISSUE_NOT_FOUND);
      return reply.code(201).send(issue);
    },
  );
}
