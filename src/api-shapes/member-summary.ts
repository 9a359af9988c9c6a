import { Type, type Static } from 'typebox';
import { integer } from './fields.js';
import { priorityCountsShape } from './cycle-progress.js';
import { stateCountsShape } from './planning.js';

// A workspace member's issues in numbers (their profile's Summary tab), counted over the live
// issues the reader can open: none deleted, archived or still waiting in an inbox.

/** GET /workspaces/:slug/members/:userId/summary. */
export const memberSummaryShape = Type.Object({
  /** Issues assigned to the member. */
  assigned_issues: integer,
  /** Issues the member created. */
  created_issues: integer,
  /** Issues the member subscribes to. */
  subscribed_issues: integer,
  /** The assigned issues by state group, and their total. */
  states: stateCountsShape,
  /** The assigned issues by priority (every priority, zeros included). */
  priorities: priorityCountsShape,
});

/** A member's issues in numbers. */
export type MemberSummary = Static<typeof memberSummaryShape>;
