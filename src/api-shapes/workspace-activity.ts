import { Type, type Static, type StaticDecode } from 'typebox';
import { nullable, uuid } from './fields.js';
import { queryInteger } from './query-fields.js';
import { activityShape } from './activity.js';

// The activity of a workspace's issues across its projects (the dashboard's "Recent activity",
// a profile's Activity tab): the rows of every issue feed the reader can open, newest first,
// a page at a time. A page ends at a row, and the next one starts after it (`before`), so rows
// written meanwhile never shift a page onto rows already shown.

/** Rows of a page when the query names no limit. */
export const ACTIVITY_PAGE_SIZE = 25;

/** The most rows one page may hold. */
export const ACTIVITY_PAGE_MAX = 100;

/** GET /workspaces/:slug/activities: whose activity (everyone's when absent), after which row (the first page when absent), and how many rows. */
export const workspaceActivityQueryShape = Type.Object(
  {
    /** Only what this person did. */
    actor: Type.Optional(uuid),
    /** The last row of the page before: this page holds the rows older than it. */
    before: Type.Optional(uuid),
    /** Rows in the page, 1 to ACTIVITY_PAGE_MAX (ACTIVITY_PAGE_SIZE when absent). */
    limit: Type.Optional(queryInteger),
  },
  { additionalProperties: false },
);

/** The query as text, as the server reads it. */
export type WorkspaceActivityQueryText = Static<typeof workspaceActivityQueryShape>;

/** The query as values, as the app builds it. */
export type WorkspaceActivityQuery = StaticDecode<typeof workspaceActivityQueryShape>;

/** One page of a workspace's activity: its rows, newest first, and the `before` of the next page (null when this one is the last). */
export const activityPageShape = Type.Object({
  activities: Type.Array(activityShape),
  next_before: nullable(uuid),
});

/** A page of a workspace's activity. */
export type ActivityPage = Static<typeof activityPageShape>;
