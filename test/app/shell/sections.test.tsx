import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { EMPTY_STATES, type EmptyStateKey } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { project, PROJECT_ID, workspace } from './fixtures.js';
import { click, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi, type Scene } from './seeded-api.js';

const emptyState = (root: ParentNode, key: EmptyStateKey) => root.querySelector<HTMLElement>(`[data-empty-state="${key}"]`);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function openAt(url: string, key: EmptyStateKey, change?: (scene: Scene) => void) {
  const seeded = seededApi(change);
  const app = renderApp(url, { api: seeded.api });
  const state = await until(() => emptyState(app.container, key), `the "${key}" empty state`);
  expect(state.querySelector('h2')!.textContent).to.equal(EMPTY_STATES[key].title);
  return { ...seeded, app, state };
}

describe('section screens: empty states', () => {
  afterEach(cleanup);

  const cases: Array<[string, string, EmptyStateKey, ((scene: Scene) => void)?]> = [
    ['dashboard', '/acme', 'dashboard', (scene) => (scene.projects = [])],
    ['projects', '/acme/projects', 'projects', (scene) => (scene.projects = [])],
    ['project issues', paths.projectIssues('acme', PROJECT_ID), 'all-issues', (scene) => (scene.issues = [])],
    ['all issues', paths.workspaceIssues('acme', 'all-issues'), 'all-issues', (scene) => (scene.issues = [])],
    ['assigned', paths.workspaceIssues('acme', 'assigned'), 'assigned', (scene) => (scene.issues = [])],
    ['created', paths.workspaceIssues('acme', 'created'), 'created', (scene) => (scene.issues = [])],
    ['subscribed', paths.workspaceIssues('acme', 'subscribed'), 'subscribed', (scene) => (scene.issues = [])],
    ['issue tabs without projects', paths.workspaceIssues('acme', 'assigned'), 'no-projects', (scene) => ((scene.issues = []), (scene.projects = []))],
    ['analytics', paths.analytics('acme'), 'analytics', (scene) => (scene.issues = [])],
    ['analytics without projects', paths.analytics('acme'), 'no-projects', (scene) => ((scene.issues = []), (scene.projects = []))],
    ['cycles', paths.cycles('acme', PROJECT_ID), 'cycles'],
    ['modules', paths.modules('acme', PROJECT_ID), 'modules'],
    ['views', paths.views('acme', PROJECT_ID), 'views'],
    ['pages', paths.pages('acme', PROJECT_ID), 'pages-public'],
    ['archives', paths.archives('acme', PROJECT_ID), 'archived-issues', (scene) => (scene.issues = [])],
    ['inbox', paths.inbox('acme', PROJECT_ID), 'inbox-open'],
    ['drafts', paths.drafts('acme'), 'drafts'],
    ['notifications', paths.notifications('acme'), 'notifications-my-issues'],
    ['webhooks', paths.settings('acme', 'webhooks'), 'settings-webhooks'],
    ['API tokens', paths.settings('acme', 'api-tokens'), 'settings-api-tokens'],
    ['exports', paths.settings('acme', 'exports'), 'settings-export'],
    ['a profile', paths.userProfile('acme', '22222222-2222-4222-8222-222222222222'), 'profile-summary'],
    ["a profile's assigned issues", paths.userProfile('acme', '22222222-2222-4222-8222-222222222222', 'assigned'), 'profile-assigned', (scene) => (scene.issues = [])],
  ];
  for (const [name, url, key, change] of cases) {
    it(`shows "${key}" on the ${name} screen when it is empty`, async () => {
      const { app } = await openAt(url, key, change);
      await expectAccessible(app.container);
    });
  }

  for (const [feature, url, key] of [
    ['cycle_view', paths.cycles('acme', PROJECT_ID), 'disabled-cycles'],
    ['module_view', paths.modules('acme', PROJECT_ID), 'disabled-modules'],
    ['issue_views_view', paths.views('acme', PROJECT_ID), 'disabled-views'],
    ['page_view', paths.pages('acme', PROJECT_ID), 'disabled-pages'],
    ['inbox_view', paths.inbox('acme', PROJECT_ID), 'disabled-inbox'],
  ] as const) {
    it(`shows the disabled-feature notice "${key}" when ${feature} is off`, async () => {
      const { app } = await openAt(url, key, (scene) => (scene.projects = [project(20, { [feature]: false })]));
      expect(button(app.container, 'Manage features')!.getAttribute('aria-disabled')).to.equal(null);
      await expectAccessible(app.container);
    });
  }

  it('lets only project admins manage features, and turns one on', async () => {
    const member = await openAt(paths.cycles('acme', PROJECT_ID), 'disabled-cycles', (scene) => (scene.projects = [project(15, { cycle_view: false })]));
    expect(button(member.app.container, 'Manage features')!.getAttribute('aria-disabled')).to.equal('true');
    cleanup();

    const { app, api, scene } = await openAt(paths.cycles('acme', PROJECT_ID), 'disabled-cycles', (s) => (s.projects = [project(20, { cycle_view: false })]));
    api.on('PATCH', '/workspaces/:slug/projects/:projectId', (request) => {
      scene.projects = [{ ...scene.projects[0]!, ...(request.body as object) }];
      return scene.projects[0];
    });
    await click(button(app.container, 'Manage features'));
    const form = await until(() => dialog(), 'the features dialog');
    const cycles = field(form, 'Cycles');
    expect(cycles.checked).to.equal(false);
    await click(cycles);
    await click(button(form, 'Save'));
    await until(() => emptyState(app.container, 'cycles'), 'the cycles screen');
    expect(api.sent('PATCH', `/workspaces/acme/projects/${PROJECT_ID}`)[0]!.body).to.deep.include({ cycle_view: true, module_view: true });
    const sidebar = app.container.querySelector<HTMLElement>('nav[aria-label="Workspace"]')!;
    await until(() => byText(sidebar, 'a', 'Cycles'), 'the Cycles entry in the sidebar');
  });

  it("creates the first cycle from the empty state's button", async () => {
    const { app, api } = await openAt(paths.cycles('acme', PROJECT_ID), 'cycles');
    const created = { id: 'c1', project_id: PROJECT_ID, name: 'Sprint 1', description: '', start_date: null, end_date: null, status: 'draft', archived_at: null, backlog_issues: 0, unstarted_issues: 0, started_issues: 0, completed_issues: 0, cancelled_issues: 0, total_issues: 0 };
    let cycles: object[] = [];
    api
      .on('GET', '/workspaces/:slug/projects/:projectId/cycles', () => cycles)
      .on('POST', '/workspaces/:slug/projects/:projectId/cycles', () => {
        cycles = [created];
        return reply(201, created);
      });
    await click(button(app.container, 'Set your first cycle'));
    const form = await until(() => dialog(), 'the dialog');
    await typeInto(field(form, 'Cycle name'), 'Sprint 1');
    await sendKeys({ press: 'Enter' });
    await until(() => byText(app.container, 'a.app-card', 'Sprint 1'), 'the new cycle');
    expect(api.sent('POST', '/workspaces/acme/projects/:projectId/cycles')[0]!.body).to.deep.equal({ name: 'Sprint 1' });
  });

  it("opens the create-issue dialog from the project's empty issue list", async () => {
    const { app } = await openAt(paths.projectIssues('acme', PROJECT_ID), 'all-issues', (scene) => (scene.issues = []));
    await click(button(app.container, 'Create an issue'));
    const form = await until(() => dialog(), 'the dialog');
    expect(form.querySelector('h2')!.textContent).to.equal('Create issue');
  });

  it('sends a workspace-level "Create an issue" to the first project, with its dialog open', async () => {
    const { app } = await openAt(paths.workspaceIssues('acme', 'created'), 'created', (scene) => (scene.issues = []));
    await click(button(app.container, 'Create an issue'));
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID), 'the project issues');
    const form = await until(() => dialog(), 'the dialog');
    expect(form.querySelector('h2')!.textContent).to.equal('Create issue');
  });

  it('opens the create-project dialog from the dashboard', async () => {
    const { app } = await openAt('/acme', 'dashboard', (scene) => (scene.projects = []));
    await click(button(app.container, 'Build your first project'));
    const form = await until(() => dialog(), 'the dialog');
    expect(form.querySelector('h2')!.textContent).to.equal('Create project');
  });

  it('tells a viewer or member in no project, who cannot list the others, that they are not in one yet', async () => {
    const limited = EMPTY_STATES.dashboard.limited!;
    for (const [role, allowed] of [[10, false], [15, true]] as const) {
      const seeded = seededApi((scene) => ((scene.projects = []), (scene.workspace = workspace(role))));
      const app = renderApp('/acme', { api: seeded.api });
      const state = await until(() => emptyState(app.container, 'dashboard'), `the dashboard of a ${role}`);
      expect([state.querySelector('h2')!.textContent, state.querySelector('p')!.textContent]).to.deep.equal([limited.title, limited.description]);
      expect(limited.title).to.equal('You are not in any project yet');
      // Creating one stays a member's choice.
      expect(button(state, 'Build your first project')!.getAttribute('aria-disabled')).to.equal(allowed ? null : 'true');
      await expectAccessible(app.container);
      cleanup();
    }
    for (const url of [paths.workspaceIssues('acme', 'assigned'), paths.analytics('acme')]) {
      const seeded = seededApi((scene) => ((scene.issues = []), (scene.projects = []), (scene.workspace = workspace(10))));
      const app = renderApp(url, { api: seeded.api });
      const state = await until(() => emptyState(app.container, 'no-projects'), `${url} without projects`);
      const words = EMPTY_STATES['no-projects'].limited!;
      expect([state.querySelector('h2')!.textContent, state.querySelector('p')!.textContent]).to.deep.equal([words.title, words.description]);
      cleanup();
    }
  });

  it('disables creating for viewers and says why', async () => {
    const { state } = await openAt('/acme/projects', 'projects', (scene) => ((scene.projects = []), (scene.workspace = workspace(10))));
    const start = button(state, 'Start your first project')!;
    expect(start.getAttribute('aria-disabled')).to.equal('true');
    expect(document.getElementById(start.getAttribute('aria-describedby')!)!.textContent).to.equal('Only members and admins can do this.');
  });

  it('takes the user from the views empty state to the issue list, where a view is saved', async () => {
    const { app } = await openAt(paths.views('acme', PROJECT_ID), 'views');
    await click(button(app.container, 'Create your first view'));
    await until(() => app.location() === paths.projectIssues('acme', PROJECT_ID) && button(app.container, 'Save view'), 'the issue list');
  });

  it('shows each page list and notification filter with its own empty state', async () => {
    const pages = await openAt(paths.pages('acme', PROJECT_ID), 'pages-public');
    await click(byText(pages.app.container, '[role="tab"]', 'Private'));
    await until(() => emptyState(pages.app.container, 'pages-private'), 'private pages');
    await click(byText(pages.app.container, '[role="tab"]', 'Archived'));
    await until(() => emptyState(pages.app.container, 'pages-archived'), 'archived pages');
    cleanup();
    const notifications = await openAt(paths.notifications('acme'), 'notifications-my-issues');
    await click(byText(notifications.app.container, '[role="tab"]', 'Subscribed'));
    await until(() => emptyState(notifications.app.container, 'notifications-subscribed'), 'subscribed notifications');
    const filter = field<HTMLSelectElement>(notifications.app.container, 'Show');
    filter.value = 'snoozed';
    filter.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => emptyState(notifications.app.container, 'notifications-snoozed'), 'snoozed notifications');
  });

  it('picks the illustration for the theme', async () => {
    const { api } = seededApi((scene) => (scene.projects = []));
    const light = renderApp('/acme/projects', { api });
    const lightArt = await until(() => emptyState(light.container, 'projects')?.querySelector('img'), 'the light illustration');
    expect(lightArt.dataset.scheme).to.equal('light');
    cleanup();
    const dark = renderApp('/acme/projects', { api, themeMode: 'dark' });
    const darkArt = await until(() => emptyState(dark.container, 'projects')?.querySelector('img'), 'the dark illustration');
    expect(darkArt.dataset.scheme).to.equal('dark');
    expect(darkArt.getAttribute('src')).to.not.equal(lightArt.getAttribute('src'));
  });
});
