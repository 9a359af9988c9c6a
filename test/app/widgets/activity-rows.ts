import type { ActivityRow } from '../../../src/app/widgets/activity-feed/index.js';

/**
 * A maker of activity rows for one issue in project p1 (WEB) of workspace acme, by one person:
 * each row is a state change made at 2025-03-10 10:00 UTC unless `changes` says otherwise.
 */
export function activityRows(issue: { id: string; name: string; sequence_id: number }, actor: { id: string; name: string }): (changes: Partial<ActivityRow>) => ActivityRow {
  return (changes) => ({
    id: `a${Math.random()}`,
    field: 'state',
    verb: 'updated',
    old_value: '',
    new_value: '',
    old_identifier: null,
    new_identifier: null,
    issue: issue.id,
    issue_detail: { name: issue.name, sequence_id: issue.sequence_id },
    project: 'p1',
    project_detail: { identifier: 'WEB' },
    workspace_detail: { slug: 'acme' },
    actor: { id: actor.id, display_name: actor.name, first_name: actor.name, is_bot: false, avatar: null },
    created_at: '2025-03-10T10:00:00Z',
    ...changes,
  });
}
