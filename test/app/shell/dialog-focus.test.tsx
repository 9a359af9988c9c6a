import type { CycleDetail } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import { focusReturnsTo } from '../../helpers/until.js';
import { chooseFromMenu } from './action-menus.js';
import { ISSUE_ID, listedIssue, PROJECT_ID } from './fixtures.js';
import { chooseMenuItem, click, press } from './input.js';
import { button, cleanup, renderApp, until, type Rendered } from './render.js';
import { seededApi } from './seeded-api.js';

const CYCLE_ID = '99999999-9999-4999-8999-999999999999';
const CYCLE = '/workspaces/:slug/projects/:projectId/cycles/:cycleId';
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

/** Opens the dialog with a real click on `label`, closes it with a real Escape, and expects focus back on the button. */
async function escapeReturnsFocus(app: Rendered, label: string): Promise<void> {
  const opener = await until(() => button(app.container, label), `the "${label}" button`);
  await click(opener);
  const open = await until(() => dialog(), `the dialog of "${label}"`);
  await until(() => open.contains(document.activeElement), 'focus in the dialog');
  await press('Escape');
  await until(() => !dialog(), 'the dialog to close');
  await focusReturnsTo(opener, `"${label}"`);
}

function issuePageApi() {
  const seeded = seededApi();
  seeded.api
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [])
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => []);
  return seeded.api;
}

describe('dialogs give focus back to the button that opened them on Escape', () => {
  afterEach(cleanup);

  it('create issue', async () => {
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: seededApi().api });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the issues');
    await escapeReturnsFocus(app, 'Create issue');
  });

  it('bulk delete, from the "…" menu', async () => {
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: seededApi().api });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the issues');
    const opener = await until(() => app.container.querySelector<HTMLElement>('button[aria-label="More issue actions"]'), 'the menu button');
    await chooseMenuItem(app.container, 'More issue actions', 'Delete issues');
    const open = await until(() => dialog(), 'the delete dialog');
    await until(() => open.contains(document.activeElement), 'focus in the dialog');
    await press('Escape');
    await until(() => !dialog(), 'the dialog to close');
    await focusReturnsTo(opener, 'the menu button');
  });

  it('the link dialog and the delete confirmation of an issue', async () => {
    const app = renderApp(paths.issue('acme', PROJECT_ID, ISSUE_ID), { api: issuePageApi() });
    await until(() => app.container.querySelector('h1')?.textContent === 'Fix the header', 'the issue');
    // The sections above the links have loaded: the button stays where it is.
    await until(() => ['No sub-issues yet.', 'No relations yet.', 'No links yet.'].every((words) => app.container.textContent?.includes(words)), 'the sections');
    await escapeReturnsFocus(app, 'Add link');
    // The confirmation opens from the "Issue actions" menu: focus goes back to the menu's button.
    const menuButton = button(app.container, 'Issue actions')!;
    await chooseFromMenu(app.container, 'Issue actions', 'Delete issue');
    const open = await until(() => dialog(), 'the delete confirmation');
    await until(() => open.contains(document.activeElement), 'focus in the dialog');
    await press('Escape');
    await until(() => !dialog(), 'the dialog to close');
    await focusReturnsTo(menuButton, '"Issue actions"');
  });

  it('the image upload of the workspace logo', async () => {
    const app = renderApp(paths.settings('acme'), { api: seededApi().api });
    await escapeReturnsFocus(app, 'Upload logo');
  });

  it('the issue picker of a cycle', async () => {
    const { api } = seededApi();
    const cycle: CycleDetail = {
      id: CYCLE_ID, project_id: PROJECT_ID, name: 'Sprint 1', description: '', start_date: null, end_date: null, status: 'draft', owned_by: null,
      archived_at: null, created_at: '2025-02-20T09:00:00.000Z', updated_at: '2025-02-20T09:00:00.000Z',
      backlog_issues: 0, unstarted_issues: 0, started_issues: 0, completed_issues: 0, cancelled_issues: 0, total_issues: 0,
      total_estimate: null, completed_estimate: null, estimate_categories: [],
      distribution: { assignees: [], labels: [] },
    };
    api
      .on('GET', CYCLE, () => cycle)
      .on('GET', `${CYCLE}/cycle-issues`, () => [])
      .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => [listedIssue(3)]);
    const app = renderApp(paths.cycle('acme', PROJECT_ID, CYCLE_ID), { api });
    await until(() => app.container.querySelector('h1')?.textContent === 'Sprint 1', 'the cycle');
    await escapeReturnsFocus(app, 'Add existing issues');
  });
});
