import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import type { Priority } from '../../../src/app/api/types.js';
import { listedIssue, members, project, PROJECT_ID, STATE_ID } from './fixtures.js';
import { click, press } from './input.js';
import { listbox, nameOf, option, property } from './pickers.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const BULK = '/workspaces/:slug/projects/:projectId/bulk-update-issues';
const BULK_DELETE = '/workspaces/:slug/projects/:projectId/bulk-delete-issues';
const DONE = '77777777-7777-4777-8777-777777777775';
// The list layout asked for in the address: a layout another test remembered for the project does not apply.
const LIST = `${paths.projectIssues('acme', PROJECT_ID)}?layout=list`;
const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];
const box = (root: ParentNode, key: string) => root.querySelector<HTMLInputElement>(`input[aria-label="Select ${key}"]`)!;
const bar = () => document.querySelector<HTMLElement>('[role="region"][aria-label="Selected issues"]');
const DONE_STATE = { id: DONE, project_id: PROJECT_ID, name: 'Done', description: '', color: '#16a34a', group: 'completed', sequence: 2, is_default: false } as const;

/** The seeded project with a Done state and its members, whose bulk routes change and delete the listed issues as the server would. */
function selectionApi(role: 20 | 10 = 20) {
  const { api, scene } = seededApi((s) => (s.projects = [project(role)]));
  return api
    .on('GET', '/workspaces/:slug/projects/:projectId/states', () => [
      { id: STATE_ID, project_id: PROJECT_ID, name: 'Todo', description: '', color: '#f59e0b', group: 'unstarted', sequence: 1, is_default: true },
      DONE_STATE,
    ])
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => members)
    .on('POST', BULK, (request) => {
      const { issue_ids: ids, ...change } = request.body as { issue_ids: string[]; state_id?: string; priority?: Priority; assignee_ids?: string[] };
      scene.issues = scene.issues.map((issue) => {
        if (!ids.includes(issue.id)) return issue;
        const next = { ...issue };
        if (change.state_id === DONE) Object.assign(next, { state_id: DONE, state__name: 'Done', state__color: DONE_STATE.color, state__group: 'completed' });
        if (change.priority) next.priority = change.priority;
        if (change.assignee_ids) {
          next.assignee_ids = change.assignee_ids;
          next.assignees = members.filter((member) => change.assignee_ids!.includes(member.id));
        }
        return next;
      });
      return { updated: ids.length };
    })
    .on('DELETE', BULK_DELETE, (request) => {
      const ids = (request.body as { issue_ids: string[] }).issue_ids;
      scene.issues = scene.issues.filter((issue) => !ids.includes(issue.id));
      return { deleted: ids.length };
    });
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
    // One request for all three, not one per issue.
    await until(() => api.sent('POST', BULK).length === 1, 'the bulk update');
    expect(api.sent('POST', BULK)[0]!.body).to.deep.equal({ issue_ids: [3, 2, 1].map((n) => listedIssue(n).id), state_id: DONE });
    await until(() => rows(app.container).every((row) => nameOf(row.querySelector('.app-picker-button')!) === 'State: Done'), 'every row in Done');
    await until(() => byText(document, '.app-toast', 'State set on 3 issues.'), 'the toast');
    // The selection stays for the next change.
    expect(bar()?.querySelector('[role="status"]')?.textContent).to.equal('3 selected');
    // Shift-click on a selected row clears the range from the last row clicked (WEB-1) to it.
    await shiftClick(box(app.container, 'WEB-2'));
    await until(() => bar()?.querySelector('[role="status"]')?.textContent === '1 selected', 'one left selected');
    expect(['WEB-3', 'WEB-2', 'WEB-1'].map((key) => box(app.container, key).checked)).to.deep.equal([true, false, false]);
  });

  it('sets the priority and the assignee of the selected rows, and deletes them after one more click', async () => {
    const api = selectionApi();
    const app = renderApp(LIST, { api });
    await until(() => box(app.container, 'WEB-3'), 'the selectable issues');
    await click(box(app.container, 'WEB-3'));
    await click(box(app.container, 'WEB-1'));
    await until(() => bar()?.querySelector('[role="status"]')?.textContent === '2 selected', 'two selected');
    const ids = [listedIssue(3).id, listedIssue(1).id];

    await click(await property(bar()!, 'Priority'));
    await click(option(await listbox(), 'High'));
    await until(() => api.sent('POST', BULK).length === 1, 'the priority change');
    expect(api.sent('POST', BULK)[0]!.body).to.deep.equal({ issue_ids: ids, priority: 'high' });
    await until(() => byText(document, '.app-toast', 'Priority set on 2 issues.'), 'the priority toast');

    await click(await property(bar()!, 'Assignees'));
    await click(await until(async () => option(await listbox(), 'Grace'), 'the members'));
    await until(() => api.sent('POST', BULK).length === 2, 'the assignee change');
    expect(api.sent('POST', BULK)[1]!.body).to.deep.equal({ issue_ids: ids, assignee_ids: [members[1]!.id] });
    await until(() => rows(app.container)[0]!.querySelector('.app-issue-assignees')?.textContent?.includes('Grace'), 'the assignee shown');

    await click(button(bar()!, 'Delete…'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the delete dialog');
    // The dialog opens on the selection: two checked, named by their keys.
    await until(() => dialog.querySelectorAll('input[type="checkbox"]:checked').length === 2, 'the selection checked');
    await click(button(dialog, 'Delete selected issues'));
    await until(() => api.sent('DELETE', BULK_DELETE).length === 1, 'the delete');
    expect(api.sent('DELETE', BULK_DELETE)[0]!.body).to.deep.equal({ issue_ids: ids });
    await until(() => rows(app.container).length === 1 && !bar(), 'one row left, and no bar');
  });

  it('says why a change was refused and leaves the rows as they were', async () => {
    const api = selectionApi().on('POST', BULK, () => reply(400, { error: 'Some of the selected issues do not exist in this project.' }));
    const app = renderApp(LIST, { api });
    await until(() => box(app.container, 'WEB-2'), 'the selectable issues');
    await click(box(app.container, 'WEB-2'));
    await click(await until(() => bar() && property(bar()!, 'Priority'), 'the bar'));
    await click(option(await listbox(), 'Urgent'));
    await until(() => byText(document, '.app-toast', 'Some of the selected issues do not exist in this project.'), 'the refusal');
    expect(await Promise.all(rows(app.container).map(async (row) => nameOf(await property(row, 'Priority'))))).to.deep.equal(['None', 'None', 'None'].map((p) => `Priority: ${p}`));
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
