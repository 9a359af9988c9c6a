import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { issueDetail, listedIssue, project, PROJECT_ID, STATE_ID } from './fixtures.js';
import { click, press } from './input.js';
import { listbox, option, property } from './pickers.js';
import { button, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const ISSUE = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const DONE = '77777777-7777-4777-8777-777777777775';
// The list layout asked for in the address: a layout another test remembered for the project does not apply.
const LIST = `${paths.projectIssues('acme', PROJECT_ID)}?layout=list`;
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];
const box = (root: ParentNode, key: string) => root.querySelector<HTMLInputElement>(`input[aria-label="Select ${key}"]`)!;
const bar = () => document.querySelector<HTMLElement>('[role="region"][aria-label="Selected issues"]');

/** The seeded project with a Done state, whose PATCH route keeps the state it is sent. */
function selectionApi(role: 20 | 10 = 20) {
  const { api } = seededApi((scene) => (scene.projects = [project(role)]));
  return api
    .on('GET', '/workspaces/:slug/projects/:projectId/states', () => [
      { id: STATE_ID, project_id: PROJECT_ID, name: 'Todo', description: '', color: '#f59e0b', group: 'unstarted', sequence: 1, is_default: true },
      { id: DONE, project_id: PROJECT_ID, name: 'Done', description: '', color: '#16a34a', group: 'completed', sequence: 2, is_default: false },
    ])
    .on('PATCH', ISSUE, (request) => issueDetail({ id: request.params.issueId!, state_id: (request.body as { state_id: string }).state_id }));
}

/** Clicks `element` with Shift held. */
async function shiftClick(element: HTMLElement): Promise<void> {
  element.scrollIntoView({ block: 'center' });
  const rect = element.getBoundingClientRect();
  await sendKeys({ down: 'Shift' });
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
  await sendKeys({ up: 'Shift' });
}

describe('selecting several rows', () => {
  afterEach(cleanup);

  it('selects a range with Shift-click, says how many, and moves them all to a state at once', async () => {
    const api = selectionApi();
    const app = renderApp(LIST, { api });
    await until(() => rows(app.container).length === 3 && box(app.container, 'WEB-3'), 'the selectable issues');
    expect(bar(), 'no bar until a row is selected').to.equal(null);
    await click(box(app.container, 'WEB-3'));
    await until(() => bar()?.textContent?.includes('1 selected'), 'one selected');
    await shiftClick(box(app.container, 'WEB-1'));
    await until(() => bar()?.querySelector('[role="status"]')?.textContent === '3 selected', 'three selected');
    expect(['WEB-3', 'WEB-2', 'WEB-1'].map((key) => box(app.container, key).checked)).to.deep.equal([true, true, true]);
    await click(await property(bar()!, 'State'));
    await click(option(await listbox(), 'Done'));
    await until(() => api.sent('PATCH', ISSUE).length === 3, 'three updates');
    expect(api.sent('PATCH', ISSUE).map((request) => request.body)).to.deep.equal([{ state_id: DONE }, { state_id: DONE }, { state_id: DONE }]);
    expect(new Set(api.sent('PATCH', ISSUE).map((request) => request.params.issueId))).to.deep.equal(new Set([3, 2, 1].map((n) => listedIssue(n).id)));
    await until(() => rows(app.container).every((row) => row.querySelector('.app-state-icon')?.getAttribute('aria-label') === 'State: Done'), 'every row in Done');
    // Shift-click on a selected row clears the range from the last row clicked (WEB-1) to it.
    await shiftClick(box(app.container, 'WEB-2'));
    await until(() => bar()?.querySelector('[role="status"]')?.textContent === '1 selected', 'one left selected');
    expect(['WEB-3', 'WEB-2', 'WEB-1'].map((key) => box(app.container, key).checked)).to.deep.equal([true, false, false]);
  });

  it('selects from the keyboard and clears the selection', async () => {
    const app = renderApp(LIST, { api: selectionApi() });
    await until(() => box(app.container, 'WEB-2'), 'the selectable issues');
    box(app.container, 'WEB-2').focus();
    await press('Space');
    await until(() => bar()?.querySelector('[role="status"]')?.textContent === '1 selected', 'one selected');
    expect(box(app.container, 'WEB-2').checked).to.equal(true);
    await click(button(bar()!, 'Clear selection'));
    await until(() => !bar(), 'the bar gone');
    expect(box(app.container, 'WEB-2').checked).to.equal(false);
  });

  it('offers no checkboxes to viewers', async () => {
    const app = renderApp(LIST, { api: selectionApi(10) });
    await until(() => rows(app.container).length === 3, 'the issues');
    expect(app.container.querySelector('.app-issue-select')).to.equal(null);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe with rows selected in the ${theme} theme`, async () => {
      const app = renderApp(LIST, { api: selectionApi(), themeMode: theme });
      await until(() => box(app.container, 'WEB-1'), 'the selectable issues');
      await click(box(app.container, 'WEB-1'));
      await until(bar, 'the bar');
      await expectAccessible(app.container);
    });
  }
});
