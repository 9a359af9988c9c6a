// Sample answers of the API, in the server's shapes.
import type { CycleDetail, IssueDetail, IssueRow, Member, Project, User, Workspace } from '../../../src/app/api/types.js';
import type { RoleValue } from '../../../src/app/roles.js';

export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_ID = '22222222-2222-4222-8222-222222222222';
export const WORKSPACE_ID = '33333333-3333-4333-8333-333333333333';
export const PROJECT_ID = '44444444-4444-4444-8444-444444444444';
export const ISSUE_ID = '55555555-5555-4555-8555-555555555555';
export const STATE_ID = '66666666-6666-4666-8666-666666666666';

export const user: User = {
  id: USER_ID,
  email: 'ada@example.test',
  display_name: 'Ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  avatar: null,
  is_bot: false,
  created_at: '2025-01-01T09:00:00.000Z',
  updated_at: '2025-01-01T09:00:00.000Z',
};

export function workspace(role: RoleValue = 20, overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: WORKSPACE_ID,
    slug: 'acme',
    name: 'Acme',
    logo: null,
    created_at: '2025-01-01T09:00:00.000Z',
    updated_at: '2025-01-01T09:00:00.000Z',
    role,
    ...overrides,
  };
}

export function project(role: RoleValue = 20, overrides: Partial<Project> = {}): Project {
  return {
    id: PROJECT_ID,
    workspace_id: WORKSPACE_ID,
    identifier: 'WEB',
    name: 'Website',
    description: 'The public site',
    cover_image: null,
    cycle_view: true,
    module_view: true,
    page_view: true,
    issue_views_view: true,
    inbox_view: true,
    created_by: USER_ID,
    created_at: '2025-01-01T09:00:00.000Z',
    updated_at: '2025-01-01T09:00:00.000Z',
    role,
    is_member: true,
    ...overrides,
  };
}

/** An issue as lists send it (the spec's listed issue plus what a row shows), in Todo with no priority, labels or assignees. */
export function listedIssue(sequence: number, overrides: Partial<IssueRow> = {}): IssueRow {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(sequence).padStart(12, '0')}`,
    name: `Issue number ${sequence}`,
    sequence_id: sequence,
    state_id: STATE_ID,
    project_id: PROJECT_ID,
    project__identifier: 'WEB',
    state__color: '#f59e0b',
    state__name: 'Todo',
    state__group: 'unstarted',
    priority: 'none',
    target_date: null,
    assignee_ids: [],
    assignees: [],
    label_ids: [],
    labels: [],
    estimate_point: null,
    archived_at: null,
    ...overrides,
  };
}

export function issueDetail(overrides: Partial<IssueDetail> = {}): IssueDetail {
  return {
    ...listedIssue(7, { id: ISSUE_ID, name: 'Fix the header' }),
    workspace_id: WORKSPACE_ID,
    key: 'WEB-7',
    state__name: 'In Progress',
    state__group: 'started',
    priority: 'high',
    start_date: null,
    target_date: null,
    parent_id: null,
    parent_detail: null,
    sort_order: 65535,
    description_html: '<p>The header overlaps the menu.</p>',
    description_version: 3,
    assignee_ids: [],
    assignees: [],
    label_ids: [],
    labels: [],
    is_subscribed: true,
    cycle_id: null,
    module_ids: [],
    completed_at: null,
    archived_at: null,
    created_by: USER_ID,
    updated_by: USER_ID,
    created_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export const members: Member[] = [
  { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null, role: 20 },
  { id: OTHER_ID, display_name: 'Grace', first_name: 'Grace', is_bot: false, avatar: null, role: 15 },
];

export const CYCLE_ID = '99999999-9999-4999-8999-999999999999';

/** A cycle of the seeded project (ended, two issues, one done). */
export function cycleDetail(overrides: Partial<CycleDetail> = {}): CycleDetail {
  return {
    id: CYCLE_ID,
    project_id: PROJECT_ID,
    name: 'Sprint 1',
    description: '',
    start_date: '2025-03-01',
    end_date: '2025-03-14',
    status: 'completed',
    owned_by: USER_ID,
    archived_at: null,
    created_at: '2025-02-20T09:00:00.000Z',
    updated_at: '2025-02-20T09:00:00.000Z',
    backlog_issues: 0,
    unstarted_issues: 1,
    started_issues: 0,
    completed_issues: 1,
    cancelled_issues: 0,
    total_issues: 2,
    total_estimate: null,
    completed_estimate: null,
    estimate_categories: [],
    distribution: {
      assignees: [{ assignee_id: USER_ID, display_name: 'Ada', avatar: null, completed_issues: 1, total_issues: 2 }],
      labels: [],
    },
    ...overrides,
  };
}
