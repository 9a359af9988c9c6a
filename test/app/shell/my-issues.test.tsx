import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { IssueRow } from '../../../src/app/api/types.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, workspace } from './fixtures.js';
import { click, press } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const TAB_ISSUES = '/workspaces/:slug/issues';

const inState = (group: string, name: string) => (sequence: number) => listedIssue(sequence, { state__group: group, state__name: name });
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** What each tab holds: one backlog issue, twelve in progress and two done are assigned; one created; none subscribed. */
/** Target days around the tests' today (2026-06-15): WEB-1's to come, WEB-10's passed (overdue), WEB-30's passed but done. */
const DUE: Record<number, string> = { 1: '2026-07-01', 10: '2026-06-01', 30: '2026-06-01' };
const due = (issue: IssueRow) => ({ ...issue, target_date: DUE[issue.sequence_id] ?? null });
const TABS: Record<string, IssueRow[]> = {
  assigned: [inState('backlog', 'Backlog')(1), ...range(10, 12).map(inState('started', 'In Progress')), ...[30, 31].map(inState('completed', 'Done'))].map(due),
  created: [inState('unstarted', 'Todo')(40)],
  subscribed: [],
};

/** The seeded workspace, answering the issue tabs by tab and state group, page by page. */
function homeApi(role: 5 | 10 | 15 | 20 = 20) {
  const seeded = seededApi((scene) => {
    scene.workspace = workspace(role);
  });
  seeded.api.on('GET', TAB_ISSUES, (request) => {
    const groups = request.query.get('state_group')?.split(',');
    const matching = (TABS[request.query.get('tab')!] ?? []).filter((issue) => !groups || groups.includes(issue.state__group!));
    const offset = Number(request.query.get('offset') ?? 0);
    const limit = Number(request.query.get('limit') ?? 50);
    return reply(200, matching.slice(offset, offset + limit), { 'x-total-count': String(matching.length) });
  });
  return seeded;
}

async function openHome(options: { role?: 5 | 10 | 15 | 20; themeMode?: 'light' | 'dark' } = {}) {
  const { api } = homeApi(options.role);
  const app = renderApp(paths.workspace('acme'), { api, themeMode: options.themeMode });
  await until(() => app.container.querySelector('.app-my-issues-group'), 'my issues');
  return { app, api };
}

const tabs = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('[role="tablist"][aria-label="My issues"] [role="tab"]')];
const activePanel = (root: ParentNode) => root.querySelector<HTMLElement>('.app-my-issues [role="tabpanel"][data-state="active"]')!;
/** Each group of the shown tab: its heading as read, and the keys and names of its rows. */
const groups = (root: ParentNode) =>
  [...activePanel(root).querySelectorAll('.app-my-issues-group')].map((group) => [
    group.querySelector('h3')!.textContent,
    [...group.querySelectorAll('.app-issue-list a')].map((link) => link.getAttribute('aria-label')),
  ]);

describe('My issues on the workspace home', () => {
  afterEach(cleanup);

  it('shows the issues assigned to me grouped by state group, each group with its count, rows linking to the issue', async () => {
    const { app, api } = await openHome();
    expect(byText(app.container, 'h2', 'My issues')).to.exist;
    expect(tabs(app.container).map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).to.deep.equal([
      ['Assigned', 'true'],
      ['Created', 'false'],
      ['Subscribed', 'false'],
    ]);
    const shown = groups(app.container);
    expect(shown.map(([heading]) => heading)).to.deep.equal(['Backlog1 issue', 'Started12 issues', 'Completed2 issues']);
    expect(shown[0]![1]).to.deep.equal(['WEB-1 Issue number 1']);
    expect(shown[1]![1]).to.have.length(10);
    expect(shown[2]![1]).to.deep.equal(['WEB-30 Issue number 30', 'WEB-31 Issue number 31']);
    // Each group is its own request: the tab, the group and a page of ten.
    const sent = api.sent('GET', TAB_ISSUES).map((request) => [request.query.get('tab'), request.query.get('state_group'), request.query.get('limit')]);
    expect(sent).to.deep.equal(['backlog', 'unstarted', 'started', 'completed', 'cancelled'].map((group) => ['assigned', group, '10']));
    // The states read as their names in the rows.
    const started = activePanel(app.container).querySelector('[data-state-group="started"] .app-issue-list .app-state-icon')!;
    expect(started.getAttribute('aria-label')).to.equal('State: In Progress');
    await click(byText(activePanel(app.container), 'a', 'Issue number 30'));
    await until(() => app.location() === paths.issue('acme', listedIssue(30).project_id, listedIssue(30).id), 'the issue page');
  });

  it("shows each issue's target day, marking those passed on an open issue as overdue", async () => {
    const { app } = await openHome({ themeMode: 'dark' });
    const dayOf = (key: string) => [...activePanel(app.container).querySelectorAll('.app-issue-row')].find((row) => row.querySelector('.app-issue-key')?.textContent === key)?.querySelector('time') ?? null;
    await until(() => dayOf('WEB-30'), 'the done issues');
    expect(dayOf('WEB-1')!.textContent).to.equal('Target date Jul 1, 2026');
    expect(dayOf('WEB-10')!.textContent).to.equal('Target date Jun 1, 2026, overdue');
    expect(dayOf('WEB-10')!.getAttribute('title')).to.equal('Overdue');
    expect(dayOf('WEB-30')!.textContent, 'done: not overdue').to.equal('Target date Jun 1, 2026');
    expect(dayOf('WEB-11'), 'no day, nothing shown').to.equal(null);
    await expectAccessible(app.container);
  });

  it('gives the tabs not shown no room: the section ends where the shown tab does', async () => {
    const { app } = await openHome();
    const inactive = [...app.container.querySelectorAll<HTMLElement>('.app-my-issues [role="tabpanel"]:not([data-state="active"])')];
    expect(inactive, 'the other tabs have panels').to.have.length(2);
    for (const panel of inactive) expect(panel.getClientRects().length, 'an inactive panel draws no box').to.equal(0);
    const section = app.container.querySelector<HTMLElement>('.app-my-issues')!;
    expect(section.getBoundingClientRect().bottom - activePanel(app.container).getBoundingClientRect().bottom, 'nothing below the shown tab').to.be.below(1);
  });

  it('reads more of a group on demand', async () => {
    const { app, api } = await openHome();
    const group = activePanel(app.container).querySelector<HTMLElement>('[data-state-group="started"]')!;
    expect(byText(group, 'p', 'Showing 10 of 12 issues.')).to.exist;
    await click(button(group, 'Show more Started issues'));
    await until(() => group.querySelectorAll('.app-issue-list li').length === 12, 'the rest of the group');
    expect(button(group, 'Show more Started issues')).to.equal(null);
    const more = api.sent('GET', TAB_ISSUES).at(-1)!;
    expect([more.query.get('state_group'), more.query.get('offset')]).to.deep.equal(['started', '10']);
  });

  it('moves between the tabs with the keyboard, and shows the empty state of a tab without issues', async () => {
    const { app } = await openHome();
    tabs(app.container)[0]!.focus();
    await press('ArrowRight');
    await until(() => tabs(app.container)[1]!.getAttribute('aria-selected') === 'true' && activePanel(app.container).querySelector('.app-my-issues-group'), 'the Created tab');
    expect(document.activeElement).to.equal(tabs(app.container)[1]);
    expect(groups(app.container)).to.deep.equal([['Unstarted1 issue', ['WEB-40 Issue number 40']]]);
    await press('ArrowRight');
    const empty = await until(() => activePanel(app.container).querySelector('.empty-state'), 'the empty state');
    expect(empty.getAttribute('data-empty-state')).to.equal('subscribed');
    expect(empty.querySelector('h3')!.textContent).to.equal(EMPTY_STATES.subscribed.title);
    await press('Home');
    await until(() => tabs(app.container)[0]!.getAttribute('aria-selected') === 'true', 'back on Assigned');
  });

  it("offers a tab's empty-state action as the role allows", async () => {
    const seeded = homeApi(20);
    seeded.api.on('GET', TAB_ISSUES, () => reply(200, [], { 'x-total-count': '0' }));
    const app = renderApp(paths.workspace('acme'), { api: seeded.api });
    const empty = await until(() => app.container.querySelector('.app-my-issues .empty-state'), 'the empty state');
    expect(empty.getAttribute('data-empty-state')).to.equal('assigned');
    await click(button(empty as HTMLElement, EMPTY_STATES.assigned.actions[0]!.label));
    await until(() => app.location() === paths.projectIssues('acme', listedIssue(1).project_id), 'the project issues, to create one');
  });

  it('says so when the issues cannot be read', async () => {
    const seeded = homeApi();
    seeded.api.on('GET', TAB_ISSUES, () => reply(500, { error: 'The server failed.' }));
    const app = renderApp(paths.workspace('acme'), { api: seeded.api });
    await until(() => byText(app.container, '.app-my-issues [role="alert"]', 'The server failed.'), 'the failure');
    await expectAccessible(app.container);
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`is axe-clean in both themes at ${width}x${height}, with issues and empty`, async () => {
      await setViewport({ width, height });
      try {
        for (const themeMode of ['light', 'dark'] as const) {
          const { app } = await openHome({ themeMode });
          expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width);
          await expectAccessible(app.container);
          await click(tabs(app.container)[2]!);
          await until(() => activePanel(app.container).querySelector('.empty-state'), 'the empty tab');
          expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width);
          await expectAccessible(app.container);
          cleanup();
        }
      } finally {
        await setViewport({ width: 1280, height: 800 });
      }
    });
  }
});
