// A fake API answering like a small workspace: one project with issues, members, a signed-in user.
import type { Activity, IssueDetail, IssueRow, MemberSummary, Project, Workspace } from '../../../src/app/api/types.js';
import { sharedDocumentName } from '../../../src/app/api/collab.js';
import type { WorkspaceAnalytics } from '../../../src/api-shapes/analytics.js';
import { STATE_GROUPS, stateCountKey, type StateCountKey } from '../../../src/api-shapes/state-groups.js';
import { FakeApi, reply } from './fake-api.js';
import { issueDetail, listedIssue, members, project, user, workspace, PROJECT_ID, STATE_ID } from './fixtures.js';

/** What the seeded workspace holds; tests change it to set a scene. */
export interface Scene {
  signedIn: boolean;
  workspace: Workspace;
  projects: Project[];
  issues: IssueRow[];
  issue: IssueDetail;
  activities: Activity[];
}

/** A fake API over a scene (an admin in "acme" with project WEB and three issues, unless changed). */
export function seededApi(change: (scene: Scene) => void = () => {}): { api: FakeApi; scene: Scene } {
  const scene: Scene = {
    signedIn: true,
    workspace: workspace(),
    projects: [project()],
    issues: [listedIssue(3), listedIssue(2), listedIssue(1, { state__color: null })],
    issue: issueDetail(),
    activities: [],
  };
  change(scene);
  const api = new FakeApi();
  const signedIn = <T>(answer: () => T) => () => (scene.signedIn ? answer() : reply(401, { error: 'Sign in to continue.' }));
  const inWorkspace = <T>(answer: () => T) => (request: { params: Record<string, string> }) =>
    request.params.slug === scene.workspace.slug ? answer() : reply(404, { error: 'Workspace not found.' });
  const page = (issues: IssueRow[]) => reply(200, issues, { 'x-total-count': String(issues.length) });
  api
    .on('GET', '/auth/session', () => ({ user: scene.signedIn ? user : null }))
    .on('GET', '/workspaces', signedIn(() => [scene.workspace]))
    .on('GET', '/workspaces/:slug', inWorkspace(() => scene.workspace))
    .on('GET', '/workspaces/:slug/members', inWorkspace(() => members))
    .on('GET', '/workspaces/:slug/invitations', inWorkspace(() => []))
    .on('GET', '/workspaces/:slug/projects', inWorkspace(() => scene.projects))
    .on('GET', '/workspaces/:slug/analytics', inWorkspace(() => analyticsOf(scene)))
    .on('GET', '/workspaces/:slug/activities', inWorkspace(() => ({ activities: [], next_before: null })))
    .on('GET', '/workspaces/:slug/members/:userId/summary', inWorkspace(() => EMPTY_SUMMARY))
    .on('GET', '/workspaces/:slug/projects/:projectId', (request) => {
      const found = scene.projects.find((candidate) => candidate.id === request.params.projectId);
      return found ?? reply(404, { error: 'Project not found.' });
    })
    .on('GET', '/workspaces/:slug/projects/:projectId/issues', () => page(scene.issues))
    .on('GET', '/workspaces/:slug/issues', () => page(scene.issues))
    .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId', (request) =>
      request.params.issueId === scene.issue.id ? scene.issue : reply(404, { error: 'Issue not found.' }),
    )
    .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/links', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/relations', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/attachments', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/comments', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/issues/:issueId/activities', () => scene.activities)
    .on('GET', '/workspaces/:slug/projects/:projectId/states', () => [
      { id: STATE_ID, project_id: PROJECT_ID, name: 'Todo', description: '', color: '#f59e0b', group: 'unstarted', sequence: 1, is_default: true },
    ])
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => members)
    .on('GET', '/workspaces/:slug/projects/:projectId/integrations', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/estimate', (request) => ({ project_id: request.params.projectId, enabled: false, type: 'points', points: [] }))
    .on('GET', '/workspaces/:slug/projects/:projectId/automations', () => ({ archive_in: 0, close_in: 0, close_state_id: null }))
    .on('GET', '/workspaces/:slug/projects/:projectId/cycles', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => scene.issues)
    .on('GET', '/workspaces/:slug/projects/:projectId/modules', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/pages', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/intake-issues', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/imports', () => [])
    .on('GET', '/workspaces/:slug/exports', () => [])
    .on('GET', '/workspaces/:slug/notifications', () => reply(200, [], { 'x-total-count': '0' }))
    .on('GET', '/workspaces/:slug/notifications/unread-count', () => reply(200, { unread: 0 }, { etag: 'W/"0-0"' }))
    .on('GET', '/workspaces/:slug/issue-drafts', inWorkspace(() => []))
    .on('GET', '/workspaces/:slug/favorites', inWorkspace(() => []))
    .on('GET', '/workspaces/:slug/views', inWorkspace(() => []))
    .on('GET', '/workspaces/:slug/api-tokens', inWorkspace(() => []))
    .on('GET', '/workspaces/:slug/api-tokens/members', inWorkspace(() => []))
    .on('GET', '/workspaces/:slug/webhooks', inWorkspace(() => []));
  // Shared documents: the issue's starts from its description; the signed-in user writes as a
  // member and up (as the server decides from the session), and a colleague (a test's second
  // editor, `token` their member id) as their workspace role says.
  api.collab.content = (name) => (name === sharedDocumentName.issueDescription(scene.issue.id) ? scene.issue.description_html : null);
  api.collab.access = (_name, token) => {
    if (token === null) {
      return scene.signedIn ? { user: { id: user.id, name: user.display_name }, readOnly: (scene.projects[0]?.role ?? 0) < 15 } : { refuse: 4401, reason: 'Sign in to open this document.' };
    }
    const member = members.find((candidate) => candidate.id === token);
    return member ? { user: { id: member.id, name: member.display_name }, readOnly: member.role < 15 } : { refuse: 4404, reason: 'This document does not exist, or you cannot open it.' };
  };
  return { api, scene };
}

/** A member's summary without issues. */
const EMPTY_SUMMARY: MemberSummary = {
  assigned_issues: 0,
  created_issues: 0,
  subscribed_issues: 0,
  states: { ...(Object.fromEntries(STATE_GROUPS.map((group) => [stateCountKey(group), 0])) as Record<StateCountKey, number>), total_issues: 0 },
  priorities: { urgent: 0, high: 0, medium: 0, low: 0, none: 0 },
};

/** The analytics the server counts for the scene's issues (by state group and project; no assignees or labels). */
function analyticsOf(scene: Scene): WorkspaceAnalytics {
  const count = (group: string) => scene.issues.filter((issue) => issue.state__group === group).length;
  const states = { ...(Object.fromEntries(STATE_GROUPS.map((group) => [stateCountKey(group), count(group)])) as Record<StateCountKey, number>), total_issues: scene.issues.length };
  const projects = scene.projects.map((listed) => {
    const issues = scene.issues.filter((issue) => issue.project_id === listed.id);
    return { project_id: listed.id, name: listed.name, identifier: listed.identifier, total_issues: issues.length, completed_issues: issues.filter((issue) => issue.state__group === 'completed').length };
  });
  return { states, projects, assignees: [], labels: [] };
}
