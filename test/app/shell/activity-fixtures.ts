// Activity rows as the workspace's activity answers them, and a fake of its pages.
import type { Activity, ActivityPage } from '../../../src/app/api/types.js';
import type { FakeRequest } from './fake-api.js';
import { listedIssue, members, PROJECT_ID } from './fixtures.js';
import { TEST_TODAY } from './render.js';

/** Row `n` (1 the newest): someone (Grace unless said) set the priority of issue WEB-n to high, n hours before the tests' noon. */
export function activityRow(n: number, overrides: Partial<Activity> = {}): Activity {
  const issue = listedIssue(n);
  const actor = members[1]!;
  return {
    id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`,
    field: 'priority',
    verb: 'updated',
    old_value: 'none',
    new_value: 'high',
    old_identifier: null,
    new_identifier: null,
    old_hidden: false,
    new_hidden: false,
    issue: issue.id,
    issue_detail: { name: issue.name, sequence_id: n },
    deleted_issue_detail: null,
    project: PROJECT_ID,
    project_detail: { identifier: 'WEB' },
    workspace_detail: { slug: 'acme' },
    actor: { id: actor.id, display_name: actor.display_name, first_name: actor.first_name, is_bot: false, avatar: null },
    created_at: new Date(new Date(`${TEST_TODAY}T12:00:00`).getTime() - n * 3600_000).toISOString(),
    ...overrides,
  };
}

/** Answers GET …/activities from `rows` (newest first) as the server does: `actor`'s alone, `limit` at a time after `before`. */
export function activityPages(rows: () => Activity[]) {
  return (request: FakeRequest): ActivityPage => {
    const actor = request.query.get('actor');
    const mine = rows().filter((row) => !actor || row.actor?.id === actor);
    const before = request.query.get('before');
    const start = before ? mine.findIndex((row) => row.id === before) + 1 : 0;
    const limit = Number(request.query.get('limit') ?? 25);
    const activities = mine.slice(start, start + limit);
    return { activities, next_before: start + limit < mine.length ? activities.at(-1)!.id : null };
  };
}
