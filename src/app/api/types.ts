/** Shapes of the server's answers that the app reads (spec section 3 field names). */

// Answers whose shape the server defines once (src/api-shapes): the app takes their types from
// there, never a copy. Types only: the shapes' TypeBox code stays out of the app's bundle.
import type { DisplayUser } from '../../api-shapes/user.js';

export type { DisplayUser, Member, User } from '../../api-shapes/user.js';
export type { IssueDetail, IssueLabel, IssueRow, ListedIssue, Priority } from '../../api-shapes/issue.js';
export type { Project, ProjectFeature } from '../../api-shapes/project.js';
export type { State, StateGroup } from '../../api-shapes/state.js';
export type { Label } from '../../api-shapes/label.js';
export type { Workspace } from '../../api-shapes/workspace.js';
export type { Comment } from '../../api-shapes/comment.js';

/** The spec's link. */
export interface Link {
  id: string;
  title: string | null;
  url: string;
  created_by: string | null;
  created_at: string;
}

/** One row of an issue's activity feed (spec section 3). */
export interface Activity {
  id: string;
  field: string | null;
  verb: 'created' | 'updated' | 'deleted';
  old_value: string | null;
  new_value: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
  /** The old value named an issue the reader cannot open: its key and id are left out. */
  old_hidden: boolean;
  /** The new value named an issue the reader cannot open. */
  new_hidden: boolean;
  issue: string;
  issue_detail: { name: string; sequence_id: number } | null;
  project: string;
  project_detail: { identifier: string };
  workspace_detail: { slug: string };
  actor: DisplayUser | null;
  created_at: string;
}

/** An issue description and the version it is at. */
export interface Description {
  description_html: string;
  version: number;
}

/** The user's custom theme (spec section 3). */
export interface Theme {
  theme: 'custom';
  background: string;
  text: string;
  primary: string;
  sidebarBackground: string;
  sidebarText: string;
  darkPalette: boolean;
  palette: string;
}

/** An uploaded file: its id and the address it is served at. */
export interface UploadedAsset {
  id: string;
  asset: string;
}

/** Issue counts by state group, as cycles and modules carry them. */
export interface StateCounts {
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  total_issues: number;
}

/** A cycle's or module's progress by assignee and by label (spec section 3: distribution). */
export interface Distribution {
  assignees: Array<{ assignee_id: string | null; display_name: string | null; avatar: string | null; completed_issues: number; total_issues: number }>;
  labels: Array<{ label_id: string | null; label_name: string | null; color: string | null; completed_issues: number; total_issues: number }>;
}

/** A cycle of a project. */
export interface Cycle extends StateCounts {
  id: string;
  project_id: string;
  name: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  status: 'draft' | 'upcoming' | 'current' | 'completed';
  archived_at: string | null;
  /** Only in the answer for one cycle. */
  distribution?: Distribution;
}

/** A module of a project. */
export interface Module extends StateCounts {
  id: string;
  project_id: string;
  name: string;
  description: string;
  status: string;
  start_date: string | null;
  target_date: string | null;
  archived_at: string | null;
  /** Only in the answer for one module. */
  distribution?: Distribution;
}

/** A page as listed. */
export interface PageSummary {
  id: string;
  project_id: string;
  name: string;
  access: 'private' | 'public';
  owned_by: string | null;
  archived_at: string | null;
  updated_at: string;
}
