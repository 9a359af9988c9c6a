import { Type, type Static } from 'typebox';
import { boolean, nullable, string, stringEnum, text, timestamp, uuid } from './fields.js';
import { ISSUE_DISPLAY_PROPERTIES, ISSUE_GROUPINGS, ISSUE_LAYOUTS, ISSUE_ORDERINGS, VIEW_NAME_MAX } from './issue-display.js';
import { issueListQueryShape } from './issue-list-query.js';

// A saved view is an issue list as someone arranged it, under a name: its filters, order,
// grouping, displayed properties and layout, for one project or for the whole workspace, kept
// for its owner alone (private) or shown to everyone who can see its project or workspace
// (shared).

const { limit: _limit, offset: _offset, order: _order, archived: _archived, state_group: _stateGroup, ...filterFields } = issueListQueryShape.properties;

/**
 * A view's filters: the issue list's own query fields but its page, order and archive switch (a
 * view is of the open issues) and the state-group filter (a view filters by the project's states), as the list's query string carries them (`state: 'id1,id2'`),
 * checked by the same patterns.
 */
export const savedViewFiltersShape = Type.Object(filterFields, { additionalProperties: false });

/** What a view saves of a list: its filters, order, grouping, shown properties and layout. */
export const savedViewQueryShape = Type.Object(
  {
    filters: savedViewFiltersShape,
    order: stringEnum(ISSUE_ORDERINGS),
    group_by: stringEnum(ISSUE_GROUPINGS),
    display: Type.Array(stringEnum(ISSUE_DISPLAY_PROPERTIES), { uniqueItems: true }),
    layout: stringEnum(ISSUE_LAYOUTS),
  },
  { additionalProperties: false },
);

/** What a view saves of a list. */
export type SavedViewQuery = Static<typeof savedViewQueryShape>;

const viewName = text(VIEW_NAME_MAX, 1);

/** POST /workspaces/:slug/views: a new view of a project (`project_id`) or of the workspace (none). */
export const savedViewCreateBody = Type.Object(
  { name: viewName, project_id: Type.Optional(nullable(uuid)), shared: Type.Optional(boolean), query: savedViewQueryShape },
  { additionalProperties: false },
);

/** What saving a new view sends. */
export type SavedViewCreateBody = Static<typeof savedViewCreateBody>;

/** PATCH /workspaces/:slug/views/:viewId: what changed (at least one); a view never moves to another project. */
export const savedViewUpdateBody = Type.Object(
  { name: Type.Optional(viewName), shared: Type.Optional(boolean), query: Type.Optional(savedViewQueryShape) },
  { additionalProperties: false, minProperties: 1 },
);

/** What changing a view sends. */
export type SavedViewUpdateBody = Static<typeof savedViewUpdateBody>;

/** A view as those who can see it read it: its scope, owner, name, sharing and saved list. */
export const savedViewShape = Type.Object({
  id: uuid,
  workspace_id: uuid,
  project_id: nullable(uuid),
  owner_id: uuid,
  owner__display_name: string,
  name: string,
  shared: boolean,
  query: savedViewQueryShape,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A view as those who can see it read it. */
export type SavedView = Static<typeof savedViewShape>;
