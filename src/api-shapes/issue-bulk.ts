import { Type, type Static } from 'typebox';
import { issueFields } from './issue.js';
import { nullable, uuid } from './fields.js';
import { MAX_ISSUES_ADDED } from './planning.js';

/**
 * POST …/bulk-update-issues: one change made to several issues of a project at once, all or none.
 * `assignee_ids` replaces each issue's assignees (an empty list unassigns), `add_label_ids` adds
 * labels and keeps the others, `cycle_id` moves the issues into a cycle (null takes them out of
 * theirs), `module_id` adds them to a module. `issue_ids`' emptiness and the presence of at least
 * one change are checked by the route, so each gets a sentence.
 */
export const bulkIssueUpdateBody = Type.Object(
  {
    issue_ids: Type.Optional(Type.Array(uuid, { maxItems: MAX_ISSUES_ADDED })),
    state_id: Type.Optional(issueFields.state_id),
    priority: Type.Optional(issueFields.priority),
    assignee_ids: Type.Optional(issueFields.assignee_ids),
    add_label_ids: Type.Optional(issueFields.label_ids),
    cycle_id: Type.Optional(nullable(uuid)),
    module_id: Type.Optional(uuid),
  },
  { additionalProperties: false },
);

/** What a bulk change sends. */
export type BulkIssueUpdate = Static<typeof bulkIssueUpdateBody>;

/** The changes of a bulk update, without the issues they go to. */
export type BulkIssueChange = Omit<BulkIssueUpdate, 'issue_ids'>;
