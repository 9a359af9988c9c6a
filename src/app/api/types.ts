/** Shapes of the server's answers that the app reads (spec section 3 field names). */

/** The signed-in user. */
export interface User {
  id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  is_bot: boolean;
}

/** A user in the spec's display shape. */
export interface DisplayUser {
  id: string;
  display_name: string;
  first_name: string;
  is_bot: boolean;
  avatar: string | null;
}

/** A workspace or project member: the display shape and the role in that scope. */
export interface Member extends DisplayUser {
  role: number;
}

/** A workspace, with the caller's role in it. */
export interface Workspace {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  role: number;
}

/** A project, with the caller's effective role and its feature toggles. */
export interface Project {
  id: string;
  workspace_id: string;
  identifier: string;
  name: string;
  description: string;
  cover_image: string | null;
  cycle_view: boolean;
  module_view: boolean;
  page_view: boolean;
  issue_views_view: boolean;
  inbox_view: boolean;
  role: number;
  is_member: boolean;
}

/** The project feature toggles. */
export type ProjectFeature = 'cycle_view' | 'module_view' | 'page_view' | 'issue_views_view' | 'inbox_view';

/** The spec's "issue as listed", with the target date lists show. */
export interface ListedIssue {
  id: string;
  name: string;
  sequence_id: number;
  state_id: string | null;
  project_id: string;
  project__identifier: string;
  state__color: string | null;
  target_date: string | null;
}

/** A row of an issue list (project list and board, workspace tabs, cycles, modules): the listed issue plus its state's name and group, priority, labels and assignees. */
export interface IssueRow extends ListedIssue {
  state__name: string | null;
  state__group: string | null;
  priority: Priority;
  assignee_ids: string[];
  assignees: DisplayUser[];
  label_ids: string[];
  labels: Array<{ id: string; name: string; color: string }>;
}

/** An issue priority. */
export type Priority = 'urgent' | 'high' | 'medium' | 'low' | 'none';

/** An issue with everything its page shows. */
export interface IssueDetail extends IssueRow {
  workspace_id: string;
  key: string;
  start_date: string | null;
  target_date: string | null;
  parent_id: string | null;
  description_html: string;
  description_version: number;
  is_subscribed: boolean;
  /** The cycle the issue is in (at most one), or null. */
  cycle_id: string | null;
  /** The modules the issue is in. */
  module_ids: string[];
  archived_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A workflow state of a project. */
export interface State {
  id: string;
  project_id: string;
  name: string;
  description: string;
  color: string;
  group: string;
  sequence: number;
  is_default: boolean;
}

/** The spec's link. */
export interface Link {
  id: string;
  title: string | null;
  url: string;
  created_by: string | null;
  created_at: string;
}

/** A comment on an issue. */
export interface Comment {
  id: string;
  issue_id: string;
  comment_html: string;
  actor: DisplayUser | null;
  created_at: string;
  updated_at: string;
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
