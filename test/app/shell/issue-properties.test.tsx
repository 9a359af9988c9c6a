import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Activity, IssueDetail } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import type { RoleValue } from '../../../src/app/roles.js';
import type { ThemeMode } from '../../../src/app/ui/theme.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { focusReturnsTo } from '../../helpers/until.js';
import { menuEntries, openActionMenu } from './action-menus.js';
import { ISSUE_ID, members, OTHER_ID, PROJECT_ID, STATE_ID, USER_ID } from './fixtures.js';
import { click, focusedDateField, press, typeDate } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { closed, listbox, option, options, property, shown } from './pickers.js';
import { seededApi } from './seeded-api.js';

const ISSUE_URL = paths.issue('acme', PROJECT_ID, ISSUE_ID);
const ISSUE_PATH = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const DONE_ID = '77777777-7777-4777-8777-777777777777';
const LABEL_ID = '88888888-8888-4888-8888-888888888888';

function activity(field: string, oldValue: string | null, newValue: string | null): Activity {
  return {
    id: `act-${Math.random()}`,
    field,
    verb: 'updated',
    old_value: oldValue,
    new_value: newValue,
    old_identifier: null,
    new_identifier: null,
    old_hidden: false,
    new_hidden: false,
    issue: ISSUE_ID,
    issue_detail: { name: 'Fix the header', sequence_id: 7 },
    deleted_issue_detail: null,
    project: PROJECT_ID,
    project_detail: { identifier: 'WEB' },
    workspace_detail: { slug: 'acme' },
    actor: { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null },
    created_at: new Date().toISOString(),
  };
}

/** The issue page over a fake that applies PATCHes to the scene and records an activity row for each. */
async function openIssue(role: RoleValue = 20, setup: (api: ReturnType<typeof seededApi>['api']) => void = () => {}, themeMode?: ThemeMode) {
  const seeded = seededApi((scene) => {
    scene.projects = [{ ...scene.projects[0]!, role }];
  });
  const { api, scene } = seeded;
  api
    .on('GET', '/workspaces/:slug/projects/:projectId/states', () => [
      { id: STATE_ID, project_id: PROJECT_ID, name: 'Todo', description: '', color: '#f59e0b', group: 'unstarted', sequence: 1, is_default: true },
      { id: DONE_ID, project_id: PROJECT_ID, name: 'Done', description: '', color: '#16a34a', group: 'completed', sequence: 2, is_default: false },
    ])
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => members)
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [
      { id: LABEL_ID, project_id: PROJECT_ID, name: 'Bug', color: '#dc2626', sort_order: 1 },
    ])
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => [])
    .on('PATCH', ISSUE_PATH, (request) => {
      const changes = request.body as Partial<IssueDetail>;
      for (const [key, value] of Object.entries(changes)) {
        scene.activities = [...scene.activities, activity(key === 'state_id' ? 'state' : key.replace(/_ids$/, 's'), '', String(value))];
      }
      scene.issue = { ...scene.issue, ...changes };
      if (changes.state_id === DONE_ID) scene.issue = { ...scene.issue, state__name: 'Done' };
      return scene.issue;
    });
  setup(api);
  const app = renderApp(ISSUE_URL, { api, ...(themeMode ? { themeMode } : {}) });
  await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
  await until(() => app.container.querySelector('aside[aria-label="Properties"]'), 'the properties');
  return { ...seeded, app };
}

const patches = (api: ReturnType<typeof seededApi>['api']) => api.sent('PATCH', ISSUE_PATH).map((request) => request.body);


describe('issue properties', () => {
  afterEach(cleanup);

  it('picks the state by typing to filter and Enter: one PATCH, the popup closes and focus returns to the button', async () => {
    const { app, api } = await openIssue();
    const state = await property(app.container, 'State');
    await until(() => shown(state) === 'Todo', 'the current state');
    expect(state.getAttribute('aria-haspopup')).to.equal('listbox');
    expect(state.getAttribute('aria-expanded')).to.equal('false');
    await click(state);
    const list = await listbox();
    expect(state.getAttribute('aria-expanded')).to.equal('true');
    expect(list.hasAttribute('aria-multiselectable')).to.equal(false);
    expect(options(list).map((item) => [item.textContent, item.getAttribute('aria-selected')])).to.deep.equal([
      ['Todo✓', 'true'],
      ['Done', 'false'],
    ]);
    expect(document.activeElement?.getAttribute('role')).to.equal('combobox');
    await sendKeys({ type: 'don' });
    await until(() => options(list).length === 1 && option(list, 'Done'), 'the filtered list');
    await press('Enter');
    await closed();
    await until(() => patches(api).length === 1, 'the state change');
    expect(patches(api)).to.deep.equal([{ state_id: DONE_ID }]);
    await focusReturnsTo(state, 'the State picker');
    await until(() => app.container.querySelector('.app-issue-meta')?.textContent?.includes('Done'), 'the new state name');
    await until(() => app.container.querySelector('ol[aria-label="Activity"]')?.textContent?.includes('state'), 'the state in the activity');
  });

  it('picks the priority with the keyboard alone: Enter opens, arrows move, Enter picks', async () => {
    const { app, api } = await openIssue();
    const priority = await property(app.container, 'Priority');
    expect(shown(priority)).to.equal('High');
    priority.focus();
    await press('Enter');
    const list = await listbox();
    expect(option(list, 'High')!.getAttribute('aria-selected')).to.equal('true');
    // The popup moves focus into its filter as it opens; the next key goes there.
    await until(() => document.activeElement?.getAttribute('role') === 'combobox', 'focus in the filter');
    await press('ArrowDown');
    const filter = document.activeElement!;
    // The list draws the moved highlight on its next render.
    await until(() => document.getElementById(filter.getAttribute('aria-activedescendant')!)?.textContent?.includes('Medium'), 'Medium highlighted');
    await press('Enter');
    await closed();
    await until(() => patches(api).length === 1, 'the priority change');
    expect(patches(api)[0]).to.deep.equal({ priority: 'medium' });
    await focusReturnsTo(priority, 'the Priority picker');
    await until(() => shown(priority) === 'Medium', 'the new priority');
  });

  it('Escape closes a picker without a change and returns focus to its button', async () => {
    const { app, api } = await openIssue();
    const state = await property(app.container, 'State');
    await click(state);
    await listbox();
    await press('ArrowDown');
    await press('Escape');
    await closed();
    await focusReturnsTo(state, 'the State picker');
    expect(patches(api)).to.have.length(0);
  });

  it('assigns several people: clicks and Space toggle them, each in one PATCH, and the list stays open', async () => {
    const { app, api } = await openIssue();
    const assignees = await property(app.container, 'Assignees');
    expect(shown(assignees)).to.equal('No assignees');
    await click(assignees);
    const list = await listbox();
    expect(list.getAttribute('aria-multiselectable')).to.equal('true');
    await until(() => option(list, 'Grace'), 'the members');
    await click(option(list, 'Grace'));
    await until(() => patches(api).length === 1, 'the assignment');
    expect(patches(api)[0]).to.deep.equal({ assignee_ids: [OTHER_ID] });
    await until(() => option(list, 'Grace')?.getAttribute('aria-selected') === 'true', 'Grace checked');
    expect(option(list, 'Grace')!.textContent).to.contain('✓');
    await press('ArrowUp');
    await press(' ');
    await until(() => patches(api).length === 2, 'the second assignment');
    expect(patches(api)[1]).to.deep.equal({ assignee_ids: [OTHER_ID, USER_ID] });
    await until(() => option(list, 'Ada')?.getAttribute('aria-selected') === 'true', 'Ada checked');
    await click(option(list, 'Grace'));
    await until(() => patches(api).length === 3, 'the unassignment');
    expect(patches(api)[2]).to.deep.equal({ assignee_ids: [USER_ID] });
    await press('Escape');
    await closed();
    await focusReturnsTo(assignees, 'the Assignees picker');
    await until(() => shown(assignees) === 'Ada' && assignees.querySelector('.app-avatar')?.getAttribute('data-initials') === 'A', 'the avatar with the initials and the name');
  });

  it('adds a label from the filtered list, shown as a chip', async () => {
    const { app, api } = await openIssue();
    const labels = await property(app.container, 'Labels');
    await click(labels);
    const list = await listbox();
    await until(() => option(list, 'Bug'), 'the labels');
    await sendKeys({ type: 'bu' });
    await press('Enter');
    await until(() => patches(api).length === 1, 'the label change');
    expect(patches(api)[0]).to.deep.equal({ label_ids: [LABEL_ID] });
    await until(() => labels.querySelector('.app-label-chip')?.textContent === 'Bug', 'the chip');
  });

  it('sets dates, removes one, and refuses a start date after the target date with a clear message', async () => {
    const { app, api, scene } = await openIssue();
    const target = await property(app.container, 'Target date');
    expect(shown(target)).to.equal('No date');
    await click(target);
    await typeDate(await focusedDateField(), '03/10/2025');
    await press('Enter');
    await until(() => scene.issue.target_date === '2025-03-10', 'the target date saved');
    expect(patches(api)).to.deep.equal([{ target_date: '2025-03-10' }]);
    await focusReturnsTo(target, 'the Target date picker');
    // Long past the tests' today on a started issue: shown as overdue.
    await until(() => shown(target) === 'Mar 10, 2025, overdue', 'the date shown', { saw: () => shown(target) });
    const start = await property(app.container, 'Start date');
    await click(start);
    await typeDate(await focusedDateField(), '03/20/2025');
    await press('Enter');
    await until(() => byText(app.container, '[role="alert"]', 'The start date cannot be after the target date.'), 'the refusal');
    expect(patches(api)).to.have.length(1);
    expect(start.getAttribute('aria-invalid')).to.equal('true');
    await click(target);
    const removal = await until(() => button(document.body, 'Remove date'), 'Remove date');
    // The app's own Button, with its look and icon like every other button.
    expect(removal.getAttribute('data-variant')).to.equal('secondary');
    expect(removal.querySelector('svg[aria-hidden="true"]')).to.exist;
    await click(removal);
    await until(() => patches(api).length === 2, 'the removal');
    expect(patches(api)[1]).to.deep.equal({ target_date: null });
    await until(() => shown(target) === 'No date', 'no date');
  });

  it("shows the server's refusal under the panel", async () => {
    const { app, api } = await openIssue();
    api.on('PATCH', ISSUE_PATH, () => reply(400, { error: 'Assignees must be members of the project.' }));
    await click(await property(app.container, 'Assignees'));
    const list = await listbox();
    await click(await until(() => option(list, 'Grace'), 'the members'));
    await until(() => byText(app.container, '[role="alert"]', 'Assignees must be members of the project.'), 'the refusal');
  });

  it('sets and clears the parent', async () => {
    const parentId = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000002';
    const { app, api } = await openIssue(20, (fake) =>
      fake.on('GET', '/workspaces/:slug/projects/:projectId/search-issues', (request) =>
        request.query.get('parent') === 'true' && request.query.get('issue_id') === ISSUE_ID
          ? [{ id: parentId, name: 'Issue number 2', sequence_id: 2, state_id: STATE_ID, project_id: PROJECT_ID, project__identifier: 'WEB', state__color: '#f59e0b' }]
          : reply(400, { error: 'Wrong search.' }),
      ),
    );
    const parent = await property(app.container, 'Parent');
    await click(parent);
    const list = await listbox();
    await click(await until(() => option(list, 'WEB-2 Issue number 2'), 'the parent candidates'));
    await until(() => patches(api).length === 1, 'the parent change');
    expect(patches(api)[0]).to.deep.equal({ parent_id: parentId });
    await focusReturnsTo(parent, 'the Parent picker');
    await click(parent);
    await press('Home');
    await press('Enter');
    await until(() => patches(api).length === 2, 'the parent cleared');
    expect(patches(api)[1]).to.deep.equal({ parent_id: null });
  });

  it('puts the issue in a cycle and in modules from its page, and takes it out again', async () => {
    const cycleId = 'cccccccc-cccc-4ccc-8ccc-000000000001';
    const [onboarding, billing] = ['dddddddd-dddd-4ddd-8ddd-000000000001', 'dddddddd-dddd-4ddd-8ddd-000000000002'];
    const { app, api, scene } = await openIssue(20, (fake) =>
      fake
        .on('GET', '/workspaces/:slug/projects/:projectId/cycles', () => [{ id: cycleId, name: 'Launch week' }])
        .on('GET', '/workspaces/:slug/projects/:projectId/modules', () => [
          { id: onboarding, name: 'Onboarding' },
          { id: billing, name: 'Billing' },
        ]),
    );
    const CYCLE_ISSUES = '/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues';
    const MODULE_ISSUES = '/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues';
    api
      .on('POST', CYCLE_ISSUES, (request) => {
        scene.issue = { ...scene.issue, cycle_id: request.params.cycleId! };
        return [];
      })
      .on('DELETE', `${CYCLE_ISSUES}/:issueId`, () => {
        scene.issue = { ...scene.issue, cycle_id: null };
        return reply(204);
      })
      .on('POST', MODULE_ISSUES, (request) => {
        scene.issue = { ...scene.issue, module_ids: [...scene.issue.module_ids, request.params.moduleId!] };
        return [];
      })
      .on('DELETE', `${MODULE_ISSUES}/:issueId`, (request) => {
        scene.issue = { ...scene.issue, module_ids: scene.issue.module_ids.filter((id) => id !== request.params.moduleId) };
        return reply(204);
      });

    const cycle = await property(app.container, 'Cycle');
    expect(shown(cycle)).to.equal('No cycle');
    await click(cycle);
    await click(await until(() => option(document.querySelector<HTMLElement>('.app-picker-popup [role="listbox"]')!, 'Launch week'), 'the cycles'));
    await until(() => shown(cycle) === 'Launch week', 'the issue shown in the cycle');
    expect(api.sent('POST', CYCLE_ISSUES).map((request) => [request.path, request.body])).to.deep.equal([
      [`/api/workspaces/acme/projects/${PROJECT_ID}/cycles/${cycleId}/cycle-issues`, { issues: [ISSUE_ID] }],
    ]);

    const modules = await property(app.container, 'Modules');
    expect(shown(modules)).to.equal('No modules');
    await click(modules);
    const list = await listbox();
    await click(await until(() => option(list, 'Billing'), 'the modules'));
    await until(() => shown(modules) === 'Billing', 'the first module');
    await click(option(list, 'Onboarding')!);
    await until(() => shown(modules) === 'Onboarding, Billing', 'both modules');
    await click(option(list, 'Billing')!);
    await until(() => shown(modules) === 'Onboarding', 'one module left');
    await press('Escape');
    await closed(modules, 'the Modules picker');
    expect(api.sent('POST', MODULE_ISSUES).map((request) => request.path.split('/')[7])).to.deep.equal([billing, onboarding]);
    expect(api.sent('DELETE', `${MODULE_ISSUES}/:issueId`).map((request) => request.path.split('/')[7])).to.deep.equal([billing]);

    await click(cycle);
    await press('Home');
    await press('Enter');
    await until(() => shown(cycle) === 'No cycle', 'the issue out of the cycle');
    expect(api.sent('DELETE', `${CYCLE_ISSUES}/:issueId`)).to.have.length(1);
    expect(patches(api)).to.deep.equal([]);
  });

  it('lets viewers see the values, without pickers, and says why', async () => {
    const { app } = await openIssue(10);
    const panel = app.container.querySelector('aside[aria-label="Properties"]')!;
    await until(() => panel.textContent?.includes('In Progress'), 'the state');
    expect(panel.querySelectorAll('button')).to.have.length(0);
    expect(panel.textContent).to.contain('Only members and admins can change issues.');
    expect(panel.textContent).to.contain('High');
    expect(button(app.container, 'Unsubscribe')).to.exist;
    await expectAccessible(app.container);
    // The issue's menu offers a viewer the link only: no archive, no delete.
    expect(menuEntries(await openActionMenu(app.container, 'Issue actions'))).to.deep.equal(['Copy link', 'Copy branch name']);
    await press('Escape');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe on the issue page and with a picker open (${theme} theme)`, async () => {
      const { app } = await openIssue(20, () => {}, theme);
      await expectAccessible(app.container);
      await click(await property(app.container, 'Assignees'));
      const list = await listbox();
      await until(() => option(list, 'Grace'), 'the members');
      await expectAccessible(document.querySelector<HTMLElement>('.app-picker-popup')!);
    });
  }
});
