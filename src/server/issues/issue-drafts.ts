import type { StaticDecode } from 'typebox';
import { issueDraftFields, issueDraftShape } from '../../api-shapes/issue-draft.js';
import type { IssueCreateBody } from '../../api-shapes/issue.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { badRequest, notFound } from '../http/errors.js';
import { withIds, workspaceParams } from '../http/schemas.js';
import type { RichText } from '../rich-text/index.js';
import { checkedIssueReferences } from './create-issue.js';
import { checkDates, checkedParent } from './issue-references.js';
import { checkedEstimatePoint } from '../estimates/estimate-system.js';

// A draft's shape is defined once in src/api-shapes/issue-draft.ts (shared with the app); this
// module gives the server its SQL, its row type and the checks a draft's fields get.

/** A draft as the server reads it. */
export type IssueDraftRow = StaticDecode<typeof issueDraftShape>;

/** The fields of a draft a body may set. */
export type IssueDraftFields = { [K in keyof typeof issueDraftFields]?: StaticDecode<(typeof issueDraftFields)[K]> };

/** The answer when a draft does not exist or is someone else's (the same, so ids do not leak). */
export const DRAFT_NOT_FOUND = 'Draft not found.';

/** Route params of everything under …/issue-drafts/:draftId. */
export const draftParams = withIds(workspaceParams, 'draftId');

const DRAFT_FROM = 'issue_drafts d JOIN projects p ON p.id = d.project_id';
const DRAFT_COLUMNS = selectList(issueDraftShape, 'd', { project__identifier: 'p.identifier', project__name: 'p.name' });

/** The caller's drafts in the workspace, last edited first. */
export async function listDrafts(db: Db, workspaceId: string, userId: string): Promise<IssueDraftRow[]> {
  return db.query<IssueDraftRow>(
    `SELECT ${DRAFT_COLUMNS} FROM ${DRAFT_FROM} WHERE d.workspace_id = $1 AND d.user_id = $2 ORDER BY d.updated_at DESC, d.id`,
    [workspaceId, userId],
  );
}

/** The caller's draft `draftId` of the workspace (locked with `lock`), or 404 whoever else's it is. */
export async function ownDraft(db: Db, workspaceId: string, userId: string, draftId: string, { lock = false } = {}): Promise<IssueDraftRow> {
  const draft = await db.maybeOne<IssueDraftRow>(
    `SELECT ${DRAFT_COLUMNS} FROM ${DRAFT_FROM} WHERE d.id = $1 AND d.workspace_id = $2 AND d.user_id = $3${lock ? ' FOR UPDATE OF d' : ''}`,
    [draftId, workspaceId, userId],
  );
  if (!draft) throw notFound(DRAFT_NOT_FOUND);
  return draft;
}

/** A draft's stored description, as the editor's JSON and its HTML; null when it has none. */
export async function draftDescription(db: Db, draftId: string): Promise<RichText | null> {
  const row = await db.one<RichText & { json: RichText['json'] | null }>('SELECT description_html AS html, description_json AS json FROM issue_drafts WHERE id = $1', [draftId]);
  return row.json ? row : null;
}

/**
 * What a draft's fields would create: an issue creation body (the title as it is; creating
 * checks it). Cleared fields are left out, so the issue takes its defaults for them.
 */
export function creationOf(draft: IssueDraftRow): IssueCreateBody {
  return {
    name: draft.name,
    priority: draft.priority,
    ...(draft.state_id ? { state_id: draft.state_id } : {}),
    ...(draft.assignee_ids.length ? { assignee_ids: draft.assignee_ids } : {}),
    ...(draft.label_ids.length ? { label_ids: draft.label_ids } : {}),
    ...(draft.start_date ? { start_date: draft.start_date } : {}),
    ...(draft.target_date ? { target_date: draft.target_date } : {}),
    ...(draft.parent_id ? { parent_id: draft.parent_id } : {}),
    ...(draft.estimate_point !== null ? { estimate_point: draft.estimate_point } : {}),
  };
}

/** 400 when the cycle or module is not one of the project's. */
async function checkPlanning(tx: Db, projectId: string, fields: IssueDraftFields): Promise<void> {
  if (fields.cycle_id && !(await tx.maybeOne('SELECT id FROM cycles WHERE id = $1 AND project_id = $2', [fields.cycle_id, projectId]))) {
    throw badRequest('The cycle must be one of this project’s cycles.');
  }
  if (fields.module_id && !(await tx.maybeOne('SELECT id FROM modules WHERE id = $1 AND project_id = $2', [fields.module_id, projectId]))) {
    throw badRequest('The module must be one of this project’s modules.');
  }
}

/**
 * The checks a draft's fields get, those of an issue creation but for the title (a draft may not
 * have one yet): the dates in order, the state, assignees, labels, parent and estimate of the
 * project, and its cycle and module. `fields` is the whole draft as it would be saved.
 */
export async function checkDraftFields(tx: Db, projectId: string, fields: IssueDraftFields): Promise<void> {
  checkDates(fields.start_date ?? null, fields.target_date ?? null);
  await checkedIssueReferences(tx, projectId, fields);
  if (fields.parent_id) await checkedParent(tx, projectId, null, fields.parent_id);
  if (fields.estimate_point != null) await checkedEstimatePoint(tx, projectId, fields.estimate_point);
  await checkPlanning(tx, projectId, fields);
}
