import type { Activity } from '../../../api-shapes/activity.js';
import type { DisplayUser } from '../../../api-shapes/user.js';

export { ACTIVITY_FIELDS } from '../../../api-shapes/activity-fields.js';

/** The person behind an activity row: the API's display user, of which the feed needs the id (for profile links) and the name. */
export type ActivityActor = Pick<DisplayUser, 'id' | 'display_name'> & Partial<DisplayUser>;

/**
 * One row of an issue's activity as the feed takes it: the API's row (src/api-shapes/activity.ts),
 * with what the feed does without optional (id, the hidden flags, a deleted issue's name, most of
 * the actor), so other hosts can build rows.
 */
export type ActivityRow = Omit<Activity, 'id' | 'old_hidden' | 'new_hidden' | 'deleted_issue_detail' | 'actor'> &
  Partial<Pick<Activity, 'id' | 'old_hidden' | 'new_hidden' | 'deleted_issue_detail'>> & { actor: ActivityActor | null };

/** Colour of every activity row's icon (spec, section 9). */
export const ACTIVITY_ICON_COLOR = '#6b7280';

/** What stands where a deleted issue would be named (spec, section 4). */
export const DELETED_ISSUE_TEXT = 'This issue has been deleted';

/** What stands where an issue the reader cannot open would be named (a relation to another project). */
export const HIDDEN_ISSUE_TEXT = 'An issue you cannot open';
