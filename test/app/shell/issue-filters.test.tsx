import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { reply } from './fake-api.js';
import { listedIssue, OTHER_ID, PROJECT_ID, STATE_ID } from './fixtures.js';
import { click, press, typeDate } from './input.js';
import { addFilter } from './issue-toolbar-input.js';
import { closed, listbox, nameOf, option, options, shown } from './pickers.js';
import { button, cleanup, renderApp, until } from './render.js';
import { seededApi } from './seeded-api.js';

const ISSUES = '/workspaces/:slug/projects/:projectId/issues';

/** The chip (a labelled group) of a filter in use, e.g. "State filter". */
const chip = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`.app-filter-chip[aria-label="${name}"]`);


describe('project issue filters', () => {
  afterEach(cleanup);

  it('adds state and priority filters from the Filter menu as chips, sent to the list route, and removes them', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the issues');
    await addFilter(app.container, 'State');
    // The chosen filter's picker opens at once, its filter box focused: arrows and Enter pick.
    const states = await listbox();
    await until(() => document.activeElement?.getAttribute('role') === 'combobox', 'the picker focused');
    expect(options(states).map((item) => item.textContent)).to.deep.equal(['Todo']);
    expect(options(states)[0]!.querySelector('.app-state-icon')!.getAttribute('data-group'), "the state's group icon, as rows show it").to.equal('unstarted');
    await press('Enter');
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('state') === STATE_ID), 'the state filter');
    await press('Escape');
    await closed();
    expect(shown(chip(app.container, 'State filter')!)).to.equal('State:Todo');
    await addFilter(app.container, 'Priority');
    const sentPriorities = () => api.sent('GET', ISSUES).map((request) => request.query.get('priority'));
    await click(option(await listbox(), 'Urgent'));
    // The first pick applied (the list asked for again) before the next: the list re-renders with the filter it changed.
    await until(() => sentPriorities().includes('urgent'), 'the priority filter', { saw: sentPriorities });
    await click(option(await listbox(), 'High'));
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('priority') === 'urgent,high' && request.query.get('state') === STATE_ID), 'both filters', { saw: sentPriorities });
    await press('Escape');
    await closed();
    expect(shown(chip(app.container, 'Priority filter')!)).to.equal('Priority:Urgent, High');
    await expectAccessible(app.container);
    await click(button(app.container, 'Remove state filter'));
    await until(() => !chip(app.container, 'State filter'), 'the state chip gone');
    await until(() => {
      const last = api.sent('GET', ISSUES).at(-1)!;
      return !last.query.has('state') && last.query.get('priority') === 'urgent,high';
    }, 'the list without the state filter');
  });

  it('adds assignee and label filters, sent to the list route and kept in the address', async () => {
    const { api } = seededApi();
    const LABEL = '99999999-0000-4000-8000-00000000000a';
    api.on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [{ id: LABEL, project_id: PROJECT_ID, name: 'Bug', color: '#ef4444', sort_order: 1 }]);
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the issues');
    await addFilter(app.container, 'Assignee');
    await click(option(await listbox(), 'Grace'));
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('assignee') === OTHER_ID), 'the assignee filter');
    await press('Escape');
    await closed();
    expect(shown(chip(app.container, 'Assignee filter')!)).to.equal('Assignee:Grace');
    await addFilter(app.container, 'Labels');
    await click(option(await listbox(), 'Bug'));
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('label') === LABEL && request.query.get('assignee') === OTHER_ID), 'both filters');
    await press('Escape');
    await closed();
    expect(shown(chip(app.container, 'Labels filter')!)).to.equal('Labels:Bug');
    const address = new URLSearchParams(app.router.state.location.search);
    expect([address.get('assignee'), address.get('label')]).to.deep.equal([OTHER_ID, LABEL]);
    await expectAccessible(app.container);
  });

  it('keeps both of two picks made before the list shows the first', async () => {
    const { api } = seededApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the issues');
    await addFilter(app.container, 'Priority');
    const list = await listbox();
    // Both clicks in one task, as a busy page delivers queued clicks before the router has shown the first.
    for (const name of ['Urgent', 'High']) option(list, name)!.click();
    const sentPriorities = () => api.sent('GET', ISSUES).map((request) => request.query.get('priority'));
    await until(() => sentPriorities().includes('urgent,high'), 'both priorities', { saw: sentPriorities });
    await press('Escape');
    await closed();
    expect(shown(chip(app.container, 'Priority filter')!)).to.equal('Priority:Urgent, High');
    expect(sentPriorities(), 'no request for High alone').to.not.include('high');
  });

  it('keeps a pick and a layout switch made before the list shows either', async () => {
    const { api } = seededApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?layout=list`, { api });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the issues');
    await addFilter(app.container, 'Priority');
    const list = await listbox();
    // In one task: the layout's change is made before the router has shown the filter's.
    option(list, 'Urgent')!.click();
    button(app.container, 'Board')!.click();
    const query = () => new URL(app.location(), 'http://x').searchParams;
    await until(() => query().get('layout') === 'board' && query().get('priority') === 'urgent', 'the filter and the board', { saw: () => `${query()}` });
    // The layout chosen is remembered for the project: the list again, as the other tests expect.
    await press('Escape');
    await closed();
    await click(button(app.container, 'List'));
    await until(() => query().get('layout') === 'list' && query().get('priority') === 'urgent', 'the list again');
  });

  it('filters by target date on the server, without reading each issue', async () => {
    const { api } = seededApi();
    const dates: Record<number, string | null> = { 3: '2025-05-20', 2: '2025-06-10', 1: null };
    const all = [3, 2, 1].map((sequence) => listedIssue(sequence, { target_date: dates[sequence] }));
    // The list route as the server answers it: with target_before, issues dated before that day only.
    api.on('GET', ISSUES, (request) => {
      const before = request.query.get('target_before');
      const issues = before ? all.filter((issue) => (dates[issue.sequence_id] ?? '9999') < before) : all;
      return reply(200, issues, { 'x-total-count': String(issues.length) });
    });
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => app.container.querySelectorAll('ul[aria-label="Issues"] li').length === 3, 'the issues');
    await addFilter(app.container, 'Target date');
    // Added from the menu, the date filter opens at once.
    const popup = await until(() => document.querySelector<HTMLElement>('.df-content'), 'the popup');
    const dateChip = chip(app.container, 'Target date filter')!.querySelector('button')!;
    expect(dateChip.textContent, 'no range is shown until one is applied').to.equal('Target date');
    await click(await until(() => [...popup.querySelectorAll('label')].find((label) => label.textContent?.trim() === 'Before') ?? null, 'the Before type'));
    await until(() => popup.querySelector<HTMLInputElement>('input[value="before"]')?.checked, 'Before is chosen');
    await typeDate(await until(() => popup.querySelector<HTMLInputElement>('input[type="date"]'), 'the date field'), '06/01/2025');
    await click(button(popup, 'Apply'));
    await until(() => {
      const listed = app.container.querySelectorAll('ul[aria-label="Issues"] li').length;
      if (listed !== 1) throw new Error(`${listed} issues are listed, the filter reads "${dateChip.textContent}", the list was asked for with ${api.sent('GET', ISSUES).map((request) => `"${request.query}"`).join(', ')}`);
      return true;
    }, 'the filtered list');
    expect(app.container.querySelector('ul[aria-label="Issues"] a')!.textContent).to.equal('Issue number 3');
    expect(dateChip.textContent, 'the applied filter is shown').to.equal('Target date: before 2025-06-01');
    expect(api.sent('GET', ISSUES).some((request) => request.query.get('target_before') === '2025-06-01')).to.equal(true);
    expect(api.sent('GET', `${ISSUES}/:issueId`), 'no issue is read one by one').to.deep.equal([]);
    await click(button(app.container, 'Remove target date filter'));
    await until(() => app.container.querySelectorAll('ul[aria-label="Issues"] li').length === 3, 'all issues again');
    expect(chip(app.container, 'Target date filter'), 'the chip goes with its filter').to.equal(null);
  });

  it("shows each issue's target date in its row", async () => {
    const { api } = seededApi((scene) => (scene.issues = [listedIssue(2, { target_date: '2025-07-01' }), listedIssue(1)]));
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    const rows = await until(() => {
      const found = app.container.querySelectorAll('ul[aria-label="Issues"] li');
      return found.length === 2 ? [...found] : null;
    }, 'the issues');
    // An admin's row shows it as its picker, named by the field and the day.
    const date = rows[0]!.querySelector('time')!;
    // Long past the tests' today, on an open issue.
    expect(nameOf(date.closest('.app-picker-button')!)).to.equal('Target date: Jul 1, 2025, overdue');
    expect(date.getAttribute('datetime')).to.equal('2025-07-01');
    expect(rows[1]!.querySelector('time'), 'no date, nothing shown').to.equal(null);
    await expectAccessible(app.container);
  });
});
