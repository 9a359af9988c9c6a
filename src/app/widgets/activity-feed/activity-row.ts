/** The person behind an activity row (the spec's display user, with the id profile links need). */
export interface ActivityActor {
  id: string;
  display_name: string;
  first_name?: string;
  is_bot?: boolean;
  avatar?: string | null;
}

/** One row of an issue's activity, in the spec's shape plus actor and created_at. */
export interface ActivityRow {
  id?: string;
  field: string | null;
  verb: 'created' | 'updated' | 'deleted';
  old_value: string | null;
  new_value: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
  /** The old value named an issue the reader cannot open: the server left out its key and id. */
  old_hidden?: boolean;
  /** The new value named an issue the reader cannot open. */
  new_hidden?: boolean;
  /** The issue's id. */
  issue: string;
  /** Null once the issue has been deleted. */
  issue_detail: { name: string; sequence_id: number } | null;
  /** The project's id. */
  project: string;
  project_detail: { identifier: string };
  workspace_detail: { slug: string };
  actor: ActivityActor | null;
  /** When it happened (ISO 8601). */
  created_at: string;
}

/** The fields the feed has a sentence for (spec, section 4). */
export const ACTIVITY_FIELDS = [
  'assignees',
  'archived_at',
  'attachment',
  'description',
  'estimate_point',
  'issue',
  'labels',
  'link',
  'cycles',
  'modules',
  'name',
  'parent',
  'priority',
  'relates_to',
  'blocking',
  'blocked_by',
  'duplicate',
  'state',
  'start_date',
  'target_date',
] as const;

/** Colour of every activity row's icon (spec, section 9). */
export const ACTIVITY_ICON_COLOR = '#6b7280';

/** What stands where a deleted issue would be named (spec, section 4). */
export const DELETED_ISSUE_TEXT = 'This issue has been deleted';

/** What stands where an issue the reader cannot open would be named (a relation to another project). */
export const HIDDEN_ISSUE_TEXT = 'An issue you cannot open';
