import { expect } from '@open-wc/testing';
import type { ListedIssue, ModuleDetail, Project } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, PROJECT_ID } from './fixtures.js';
import { click, press, typeDate } from './input.js';
import { button, byText, cleanup, field, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const MODULE_ID = '99999999-9999-4999-8999-999999999998';
const MODULES = '/workspaces/:slug/projects/:projectId/modules';
const MODULE = `${MODULES}/:moduleId`;
const MODULE_ISSUES = `${MODULE}/module-issues`;

const sample: ModuleDetail = {
  id: MODULE_ID,
  project_id: PROJECT_ID,
  name: 'Checkout',
  description: '',
  status: 'in-progress',
  start_date: '2025-03-01',
  target_date: '2025-04-30',
  lead_id: null,
  created_by: null,
  archived_at: null,
  created_at: '2025-02-20T09:00:00.000Z',
  updated_at: '2025-02-20T09:00:00.000Z',
  backlog_issues: 0,
  unstarted_issues: 0,
  started_issues: 1,
  completed_issues: 0,
  cancelled_issues: 0,
  total_issues: 1,
  total_estimate: null,
  completed_estimate: null,
  estimate_categories: [],
  distribution: { assignees: [], labels: [{ label_id: null, label_name: null, color: null, completed_issues: 0, total_issues: 1 }] },
};

async function openModule(change: (target: Project) => void = () => {}) {
  const seeded = seededApi((scene) => change(scene.projects[0]!));
  let current = sample;
  let issues: ListedIssue[] = [listedIssue(2)];
  seeded.api
    .on('GET', MODULE, () => current)
    .on('PATCH', MODULE, (request) => (current = { ...current, ...(request.body as object) }))
    .on('GET', MODULE_ISSUES, () => issues)
    .on('POST', MODULE_ISSUES, (request) => (issues = [...issues, ...(request.body as { issues: string[] }).issues.map((id) => listedIssue(Number(id.slice(-12))))]))
    .on('DELETE', `${MODULE_ISSUES}/:issueId`, () => void (issues = []))
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => [listedIssue(3)]);
  const app = renderApp(paths.module('acme', PROJECT_ID, MODULE_ID), { api: seeded.api });
  return { ...seeded, app };
}

describe('module screen', () => {
  afterEach(cleanup);

  it('lists its issues, adds one through the picker without the module, removes one', async () => {
    const { app, api } = await openModule();
    await until(() => app.container.querySelector('ul[aria-label="Issues of the module"]'), 'its issues');
    expect(app.container.querySelector('ul[aria-label="Issues of the module"] a')!.textContent).to.equal('WEB-2 Issue number 2');
    await expectAccessible(app.container);
    await click(button(app.container, 'Add existing issues'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the picker');
    await click(await until(() => byText(dialog, 'label', 'WEB-3'), 'the result'));
    await click(button(dialog, 'Add selected issues'));
    await until(() => app.container.querySelectorAll('ul[aria-label="Issues of the module"] li').length === 2, 'the added issue');
    expect(api.sent('GET', '/workspaces/:slug/projects/:projectId/search-issues')[0]!.query.get('exclude_module_id')).to.equal(MODULE_ID);
    await click(button(app.container, 'Remove WEB-2 from the module'));
    await until(() => api.sent('DELETE', `${MODULE_ISSUES}/:issueId`).length === 1, 'the removal');
  });

  it('edits the target date as target_date, sending only that', async () => {
    const { app, api } = await openModule();
    await click(await until(() => button(app.container, 'Edit module'), 'the edit button'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the form');
    expect(field(dialog, 'Target date').value).to.equal('2025-04-30');
    await typeDate(field(dialog, 'Target date'), '05/31/2025');
    await click(button(dialog, 'Save'));
    await until(() => api.sent('PATCH', MODULE).length === 1, 'the change');
    expect(api.sent('PATCH', MODULE)[0]!.body).to.deep.equal({ target_date: '2025-05-31' });
  });

  it('changes the status from the keyboard, keeping focus, and lists it under its new name', async () => {
    const { app, api } = await openModule();
    const status = await until(() => field(app.container, 'Status') as HTMLSelectElement | null, 'the status');
    expect(status.tagName).to.equal('SELECT');
    expect([...status.options].map((option) => option.textContent)).to.deep.equal(['Backlog', 'Planned', 'In Progress', 'Paused', 'Completed', 'Cancelled']);
    expect(status.value).to.equal('in-progress');
    status.focus();
    // A closed select takes the arrow keys as a choice (Chromium on Linux and Windows).
    await press('ArrowDown');
    await until(() => api.sent('PATCH', MODULE).length === 1, 'the change');
    expect(api.sent('PATCH', MODULE)[0]!.body).to.deep.equal({ status: 'paused' });
    await until(() => field(app.container, 'Status')!.value === 'paused', 'the new status');
    expect(document.activeElement).to.equal(field(app.container, 'Status'));
  });

  it('shows a viewer the status by its name, with nothing to change it', async () => {
    const { app } = await openModule((p) => (p.role = 10));
    const facts = await until(() => app.container.querySelector('.app-facts'), 'the facts');
    expect(facts.querySelector('select')).to.equal(null);
    expect(facts.textContent).to.contain('In Progress');
  });

  it('keeps the disabled-feature notice when modules are off', async () => {
    const { app, api } = await openModule((p) => (p.module_view = false));
    await until(() => byText(app.container, 'h2, h3, p', /Modules are disabled|disabled/i), 'the notice');
    expect(api.sent('GET', MODULE_ISSUES)).to.have.length(0);
  });
});
