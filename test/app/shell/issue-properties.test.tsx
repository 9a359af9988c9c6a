import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Activity, IssueDetail } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { ISSUE_ID, members, OTHER_ID, PROJECT_ID, STATE_ID, USER_ID } from './fixtures.js';
import { click, press } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
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
    issue: ISSUE_ID,
    issue_detail: { name: 'Fix the header', sequence_id: 7 },
    project: PROJECT_ID,
    project_detail: { identifier: 'WEB' },
    workspace_detail: { slug: 'acme' },
    actor: { id: USER_ID, display_name: 'Ada', first_name: 'Ada', is_bot: false, avatar: null },
    created_at: new Date().toISOString(),
  };
}

/** The issue page over a fake that applies PATCHes to the scene and records an activity row for each. */
async function openIssue(role = 20, setup: (api: ReturnType<typeof seededApi>['api']) => void = () => {}) {
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
  const app = renderApp(ISSUE_URL, { api });
  await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
  await until(() => app.container.querySelector('section[aria-label="Properties"]'), 'the properties');
  return { ...seeded, app };
}

const patches = (api: ReturnType<typeof seededApi>['api']) => api.sent('PATCH', ISSUE_PATH).map((request) => request.body);

describe('issue properties', () => {
  afterEach(cleanup);

  it('changes the state and the priority from the keyboard, each through PATCH, and shows them in the activity', async () => {
    const { app, api } = await openIssue();
    const state = await until(() => {
      const select = field<HTMLSelectElement>(app.container, 'State');
      return !select.disabled && select.options.length === 2 ? select : null;
    }, 'the states');
    expect(state.value).to.equal(STATE_ID);
    state.focus();
    await press('ArrowDown');
    await until(() => patches(api).length === 1, 'the state change');
    expect(patches(api)[0]).to.deep.equal({ state_id: DONE_ID });
    await until(() => app.container.querySelector('.app-issue-meta')?.textContent?.includes('Done'), 'the new state name');
    await until(() => app.container.querySelector('ol[aria-label="Activity"]')?.textContent?.includes('state'), 'the state in the activity');

    const priority = await until(() => (field<HTMLSelectElement>(app.container, 'Priority').disabled ? null : field<HTMLSelectElement>(app.container, 'Priority')), 'priority');
    expect(priority.value).to.equal('high');
    priority.focus();
    await press('ArrowDown');
    await until(() => patches(api).length === 2, 'the priority change');
    expect(patches(api)[1]).to.deep.equal({ priority: 'medium' });
    await until(() => app.container.querySelector('ol[aria-label="Activity"]')?.textContent?.includes('priority'), 'the priority in the activity');
    await expectAccessible(app.container);
  });

  it('toggles assignees and labels with clicks', async () => {
    const { app, api } = await openIssue();
    const grace = await until(() => field(app.container, 'Grace'), 'the members');
    await click(grace);
    await until(() => patches(api).length === 1, 'the assignee change');
    expect(patches(api)[0]).to.deep.equal({ assignee_ids: [OTHER_ID] });
    await until(() => field(app.container, 'Grace').checked && !field(app.container, 'Grace').matches(':disabled'), 'Grace assigned');
    await click(field(app.container, 'Grace'));
    await until(() => patches(api).length === 2, 'the unassignment');
    expect(patches(api)[1]).to.deep.equal({ assignee_ids: [] });
    const bug = await until(() => (field(app.container, 'Bug').matches(':disabled') ? null : field(app.container, 'Bug')), 'the labels');
    await click(bug);
    await until(() => patches(api).length === 3, 'the label change');
    expect(patches(api)[2]).to.deep.equal({ label_ids: [LABEL_ID] });
  });

  it('sets dates, and refuses a start date after the target date with a clear message', async () => {
    const { app, api, scene } = await openIssue();
    const target = field(app.container, 'Target date');
    target.focus();
    await sendKeys({ type: '03/10/2025' });
    await press('Enter');
    await until(() => scene.issue.target_date === '2025-03-10', 'the target date saved');
    expect(patches(api).at(-1)).to.deep.equal({ target_date: '2025-03-10' });
    const sent = patches(api).length;
    const start = await until(() => (field(app.container, 'Start date').disabled ? null : field(app.container, 'Start date')), 'the start field');
    start.focus();
    await sendKeys({ type: '03/20/2025' });
    await press('Enter');
    const alert = await until(() => byText(app.container, '[role="alert"]', 'The start date cannot be after the target date.'), 'the refusal');
    expect(alert).to.exist;
    expect(patches(api)).to.have.length(sent);
    expect(field(app.container, 'Start date').getAttribute('aria-invalid')).to.equal('true');
  });

  it("shows the server's refusal under the panel", async () => {
    const { app, api } = await openIssue();
    api.on('PATCH', ISSUE_PATH, () => reply(400, { error: 'Assignees must be members of the project.' }));
    await click(await until(() => field(app.container, 'Grace'), 'the members'));
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
    const parent = await until(() => {
      const select = field<HTMLSelectElement>(app.container, 'Parent');
      return select.options.length === 2 ? select : null;
    }, 'the parent candidates');
    parent.focus();
    await press('ArrowDown');
    await until(() => patches(api).length === 1, 'the parent change');
    expect(patches(api)[0]).to.deep.equal({ parent_id: parentId });
  });

  it('lets viewers see but not change the properties', async () => {
    const { app } = await openIssue(10);
    await until(() => field<HTMLSelectElement>(app.container, 'State').options.length === 2, 'the states');
    expect(field<HTMLSelectElement>(app.container, 'State').disabled).to.equal(true);
    expect(field<HTMLSelectElement>(app.container, 'Priority').disabled).to.equal(true);
    expect(field(app.container, 'Start date').disabled).to.equal(true);
    expect(button(app.container, 'Delete issue')).to.equal(null);
    expect(button(app.container, 'Unsubscribe')).to.exist;
  });
});
