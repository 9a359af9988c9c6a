import { expect } from '@open-wc/testing';
import { paths, RESERVED_SLUGS, ROUTES, safeNextPath, SETTINGS_MENU } from '../../../src/app/router/paths.js';
import { members, OTHER_ID, PROJECT_ID, ISSUE_ID } from './fixtures.js';
import { cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const CYCLE_ID = '88888888-8888-4888-8888-888888888888';
const MODULE_ID = '99999999-9999-4999-8999-999999999999';
// A cycle's or module's counts and distribution, as their detail answers them.
const counts = {
  backlog_issues: 0,
  unstarted_issues: 1,
  started_issues: 1,
  completed_issues: 2,
  cancelled_issues: 0,
  total_issues: 4,
  total_estimate: null,
  completed_estimate: null,
  estimate_categories: [],
  distribution: { assignees: [], labels: [] },
};

const heading = (root: HTMLElement) => root.querySelector('h1')?.textContent ?? '';

describe('router', () => {
  afterEach(cleanup);

  it("builds the spec's link paths", () => {
    expect(paths.issue('acme', 'p1', 'i1')).to.equal('/acme/projects/p1/issues/i1');
    expect(paths.cycle('acme', 'p1', 'c1')).to.equal('/acme/projects/p1/cycles/c1');
    expect(paths.module('acme', 'p1', 'm1')).to.equal('/acme/projects/p1/modules/m1');
    expect(paths.userProfile('acme', 'u1')).to.equal('/acme/profile/u1');
    expect(SETTINGS_MENU.map((entry) => paths.settings('acme', entry.page))).to.deep.equal([
      '/acme/settings',
      '/acme/settings/members',
      '/acme/settings/billing',
      '/acme/settings/exports',
      '/acme/settings/webhooks',
      '/acme/settings/api-tokens',
    ]);
    expect(paths.workspaceIssues('acme', 'all-issues')).to.equal('/acme/workspace-views/all-issues');
    expect(paths.issue('a b', 'p/1', 'i?')).to.equal('/a%20b/projects/p%2F1/issues/i%3F');
  });

  it("declares the spec's route patterns", () => {
    expect(ROUTES.issue).to.equal('/:workspaceSlug/projects/:projectId/issues/:issueId');
    expect(ROUTES.cycle).to.equal('/:workspaceSlug/projects/:projectId/cycles/:cycleId');
    expect(ROUTES.module).to.equal('/:workspaceSlug/projects/:projectId/modules/:moduleId');
    expect(ROUTES.userProfile).to.equal('/:workspaceSlug/profile/:userId');
    expect(SETTINGS_MENU.map((entry) => [entry.label, entry.minRole])).to.deep.equal([
      ['General', 5],
      ['Members', 5],
      ['Billing and plans', 20],
      ['Exports', 15],
      ['Webhooks', 20],
      ['API tokens', 20],
    ]);
    expect(RESERVED_SLUGS).to.include.members(['404', 'accounts', 'api', 'create-workspace', 'onboarding', 'profile', 'workspace-invitations']);
  });

  it('accepts only same-site paths to return to after sign-in', () => {
    expect(safeNextPath('/acme/projects')).to.equal('/acme/projects');
    expect(safeNextPath('//evil.test/x')).to.equal(null);
    expect(safeNextPath('https://evil.test')).to.equal(null);
    expect(safeNextPath('/\\evil.test')).to.equal(null);
    expect(safeNextPath(null)).to.equal(null);
  });

  it('sends a signed-out visitor of / to sign-in', async () => {
    const { api } = seededApi((scene) => (scene.signedIn = false));
    const app = renderApp('/', { api });
    await until(() => app.location() === '/accounts/sign-in', 'the sign-in address');
    await until(() => heading(app.container) === 'Sign in', 'the sign-in screen');
  });

  it('sends a signed-out visitor of an app page to sign-in, to come back after', async () => {
    const { api } = seededApi((scene) => (scene.signedIn = false));
    const app = renderApp('/acme/projects', { api });
    await until(() => heading(app.container) === 'Sign in', 'the sign-in screen');
    expect(app.location()).to.equal(`/accounts/sign-in?next=${encodeURIComponent('/acme/projects')}`);
  });

  it('opens the first workspace from / when signed in', async () => {
    const { api } = seededApi();
    const app = renderApp('/', { api });
    await until(() => app.location() === '/acme', 'the workspace address');
    await until(() => heading(app.container).startsWith('Welcome'), 'the workspace home');
  });

  it('sends a user without a workspace to create one', async () => {
    const { api } = seededApi();
    api.on('GET', '/workspaces', () => []);
    const app = renderApp('/', { api });
    await until(() => app.location() === '/create-workspace', 'the create-workspace address');
    await until(() => heading(app.container) === 'Create a workspace', 'the create-workspace screen');
  });

  it('opens an issue at /{workspaceSlug}/projects/{projectId}/issues/{issueId}', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.issue('acme', PROJECT_ID, ISSUE_ID), { api });
    await until(() => heading(app.container) === 'Fix the header', 'the issue page');
  });

  it('opens a cycle and a module at their spec paths', async () => {
    const { api } = seededApi();
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/cycles/:cycleId', () => ({ id: CYCLE_ID, project_id: PROJECT_ID, name: 'Sprint 4', description: '', start_date: '2025-01-01', end_date: '2025-01-14', status: 'current', archived_at: null, ...counts }))
      .on('GET', '/workspaces/:slug/projects/:projectId/modules/:moduleId', () => ({ id: MODULE_ID, project_id: PROJECT_ID, name: 'Checkout', description: '', status: 'in-progress', start_date: null, target_date: null, archived_at: null, ...counts }));
    const cycle = renderApp(paths.cycle('acme', PROJECT_ID, CYCLE_ID), { api });
    await until(() => heading(cycle.container) === 'Sprint 4', 'the cycle page');
    expect(cycle.container.textContent).to.contain('2 of 4 done');
    cleanup();
    const module = renderApp(paths.module('acme', PROJECT_ID, MODULE_ID), { api });
    await until(() => heading(module.container) === 'Checkout', 'the module page');
  });

  it('opens a member profile at /{workspaceSlug}/profile/{userId}', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.userProfile('acme', OTHER_ID), { api });
    await until(() => heading(app.container) === members[1]!.display_name, 'the profile page');
    expect(app.container.textContent).to.contain('Member of this workspace');
  });

  for (const entry of SETTINGS_MENU) {
    it(`opens settings "${entry.label}" at /{workspaceSlug}/settings${entry.page ? `/${entry.page}` : ''}`, async () => {
      const { api } = seededApi();
      const app = renderApp(paths.settings('acme', entry.page), { api });
      await until(() => app.container.querySelector('section h2')?.textContent === entry.label, `the ${entry.label} page`);
      expect(heading(app.container)).to.equal('Settings');
    });
  }

  it('opens the workspace issue tabs, and nothing for an unknown tab', async () => {
    const { api } = seededApi();
    const app = renderApp('/acme/workspace-views/assigned', { api });
    await until(() => heading(app.container) === 'Your issues', 'the issue tabs');
    expect(app.container.querySelector('[aria-current="page"].app-tab')?.textContent).to.equal('Assigned');
    cleanup();
    const unknown = renderApp('/acme/workspace-views/everything', { api });
    await until(() => heading(unknown.container) === 'Page not found', 'the not-found screen');
  });

  for (const url of ['/acme/nowhere', `/acme/projects/${PROJECT_ID}/nowhere`, '/acme/a/b/c']) {
    it(`shows not-found inside the workspace for ${url}`, async () => {
      const { api } = seededApi();
      const app = renderApp(url, { api });
      await until(() => heading(app.container) === 'Page not found', 'the not-found screen');
      expect(app.container.querySelector('nav[aria-label="Workspace"]')).to.not.equal(null);
    });
  }

  it('shows not-found for a workspace the user cannot open, and for /404', async () => {
    const { api } = seededApi();
    const app = renderApp('/someone-else/projects', { api });
    await until(() => heading(app.container) === 'Page not found', 'the not-found screen');
    expect(app.container.querySelector('nav[aria-label="Workspace"]')).to.equal(null);
    cleanup();
    const page = renderApp('/404', { api });
    await until(() => heading(page.container) === 'Page not found', 'the not-found screen');
  });

  it('redirects a project address to its issues', async () => {
    const { api } = seededApi();
    const app = renderApp(`/acme/projects/${PROJECT_ID}`, { api });
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), 'the issues address');
  });
});
