import { Type, type Static, type StaticDecode } from 'typebox';
import { date, stringEnum, uuid } from './fields.js';
import { ISSUE_ORDERINGS } from './issue-display.js';
import { PRIORITIES, type Priority } from './issue-priority.js';
import { WORKSPACE_ISSUE_TABS } from './issue-tabs.js';
import { STATE_GROUPS, type StateGroup } from './state-groups.js';
import { queryBoolean, queryInteger } from './query-fields.js';

// The query string of an issue list (a project's list, the workspace issue tabs). On the wire every
// value is text (`state=id1,id2`, `archived=true`, `limit=50`): the server validates and reads
// that form, `Static<typeof issueListQueryShape>`. Each field is a codec, so the same shape also
// gives what the text means (`state: string[]`, `archived: boolean`, `limit: number`),
// `StaticDecode<…>`: the app's query type, which its client writes back as that text.

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** A comma-separated list of words matching `word` (a regular expression), read as an array. */
function queryList<T extends string>(word: string) {
  return Type.Codec(Type.String({ pattern: `^${word}(,${word})*$` }))
    .Decode((value: string) => value.split(',') as T[])
    .Encode((values: readonly T[]) => values.join(','));
}

const priorityWord = `(${PRIORITIES.join('|')})`;
const stateGroupWord = `(${STATE_GROUPS.join('|')})`;

/** Query string of an issue list: filters (any of the given values matches), an order and a page. */
export const issueListQueryShape = Type.Object(
  {
    state: Type.Optional(queryList<string>(UUID)),
    /** State groups (`started,completed`): issues whose state is in one of them. */
    state_group: Type.Optional(queryList<StateGroup>(stateGroupWord)),
    priority: Type.Optional(queryList<Priority>(priorityWord)),
    assignee: Type.Optional(queryList<string>(UUID)),
    label: Type.Optional(queryList<string>(UUID)),
    /** Target date after (`target_after`, `target_before`: exclusive) or within (`target_from`, `target_to`: inclusive) a day; issues without one never match. */
    target_after: Type.Optional(date),
    target_before: Type.Optional(date),
    target_from: Type.Optional(date),
    target_to: Type.Optional(date),
    /** 'true': only archived issues; otherwise only the others. */
    archived: Type.Optional(queryBoolean),
    /** Text the issue's name or key (`IDENT-12`) contains, case-insensitively and literally. */
    search: Type.Optional(Type.String({ maxLength: 255 })),
    /** The order of the list; newest first when absent. */
    order: Type.Optional(stringEnum(ISSUE_ORDERINGS)),
    limit: Type.Optional(queryInteger),
    offset: Type.Optional(queryInteger),
  },
  { additionalProperties: false },
);

/** The filters of an issue list as the query string carries them (text), as the server reads them. */
export type IssueListQueryText = Static<typeof issueListQueryShape>;

/** The filters of an issue list as values (lists, a boolean, numbers), as the app builds them. */
export type IssueListQuery = StaticDecode<typeof issueListQueryShape>;

/**
 * Query string of the workspace issue tabs: the issue list's, which tab (all-issues when absent)
 * and whose (`user`: the issues assigned to, created by or subscribed to by that person, as a
 * profile lists them; the caller's when absent, and never with all-issues).
 */
export const workspaceIssueQueryShape = Type.Object(
  { ...issueListQueryShape.properties, tab: Type.Optional(stringEnum(WORKSPACE_ISSUE_TABS)), user: Type.Optional(uuid) },
  { additionalProperties: false },
);

/** The workspace issue tabs' query as text, as the server reads it. */
export type WorkspaceIssueQueryText = Static<typeof workspaceIssueQueryShape>;

/** The workspace issue tabs' query as values, as the app builds it. */
export type WorkspaceIssueQuery = StaticDecode<typeof workspaceIssueQueryShape>;
