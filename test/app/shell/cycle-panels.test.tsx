import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { CycleDetail, CycleProgress, ModuleDetail } from '../../../src/app/api/types.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, OTHER_ID, PROJECT_ID, USER_ID } from './fixtures.js';
import { click, press } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const CYCLE_ID = '99999999-9999-4999-8999-999999999999';
const CYCLES = '/workspaces/:slug/projects/:projectId/cycles';
const CYCLE = `${CYCLES}/:cycleId`;
const PROGRESS = `${CYCLE}/progress`;
const LABEL_ID = '77777777-7777-4777-8777-777777777777';

/** A current cycle (Mar 2 to Mar 15, 2026) with six issues, three done. */
function current(overrides: Partial<CycleDetail> = {}): CycleDetail {
  return {
    id: CYCLE_ID,
    project_id: PROJECT_ID,
    name: 'Sprint 12',
    description: '',
    start_date: '2026-03-02',
    end_date: '2026-03-15',
    status: 'current',
    owned_by: USER_ID,
    archived_at: null,
    created_at: '2026-02-20T09:00:00.000Z',
    updated_at: '2026-02-20T09:00:00.000Z',
    backlog_issues: 1,
    unstarted_issues: 0,
    started_issues: 2,
    completed_issues: 3,
    cancelled_issues: 0,
    total_issues: 6,
    total_estimate: null,
    completed_estimate: null,
    estimate_categories: [],
    distribution: {
      assignees: [
        { assignee_id: USER_ID, display_name: 'Ada', avatar: null, completed_issues: 2, total_issues: 4 },
        { assignee_id: null, display_name: null, avatar: null, completed_issues: 1, total_issues: 2 },
      ],
      labels: [{ label_id: LABEL_ID, label_name: 'Bug', color: '#ef4444', completed_issues: 1, total_issues: 2 }],
    },
    ...overrides,
  };
}

const PROGRESS_DATA: CycleProgress = {
  today: '2026-03-05',
  days: [
    { date: '2026-03-02', scope: 5, completed: 0 },
    { date: '2026-03-03', scope: 5, completed: 1 },
    { date: '2026-03-04', scope: 6, completed: 2 },
    { date: '2026-03-05', scope: 6, completed: 3 },
  ],
  priorities: { urgent: 1, high: 2, medium: 0, low: 1, none: 2 },
};

const EMPTY_CYCLE = current({
  backlog_issues: 0,
  started_issues: 0,
  completed_issues: 0,
  total_issues: 0,
  distribution: { assignees: [], labels: [] },
});
const EMPTY_PROGRESS: CycleProgress = {
  today: '2026-03-05',
  days: PROGRESS_DATA.days.map((day) => ({ ...day, scope: 0, completed: 0 })),
  priorities: { urgent: 0, high: 0, medium: 0, low: 0, none: 0 },
};

function cycleApi(cycle: CycleDetail, progress: CycleProgress | (() => unknown)) {
  const seeded = seededApi();
  seeded.api
    .on('GET', CYCLES, () => [cycle])
    .on('GET', CYCLE, () => cycle)
    .on('GET', PROGRESS, typeof progress === 'function' ? progress : () => progress)
    .on('GET', `${CYCLE}/cycle-issues`, () => [listedIssue(1)])
    .on('POST', `${CYCLE}/cycle-issues`, () => [listedIssue(1), listedIssue(3)])
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => [listedIssue(3)]);
  return seeded;
}

async function openCycle(cycle: CycleDetail, progress: CycleProgress | (() => unknown), themeMode: 'light' | 'dark' = 'light') {
  const { api } = cycleApi(cycle, progress);
  const app = renderApp(paths.cycle('acme', PROJECT_ID, CYCLE_ID), { api, themeMode });
  await until(() => app.container.querySelector('.app-cycle-panels'), 'the panels');
  return { app, api };
}

/** The panel whose heading is `title`. */
function panel(root: ParentNode, title: string): HTMLElement {
  const heading = [...root.querySelectorAll('.app-cycle-panel > h2')].find((h) => h.textContent === title);
  if (!heading) throw new Error(`No panel "${title}"`);
  return heading.parentElement!;
}

/** Each bar of a panel's list named `label`: its name and what it tells assistive technology. */
function bars(root: ParentNode, label: string): string[][] {
  return [...root.querySelectorAll(`ul[aria-label="${label}"] [role="progressbar"]`)].map((bar) => [
    document.getElementById(bar.getAttribute('aria-labelledby')!)!.textContent!,
    bar.getAttribute('aria-valuetext')!,
  ]);
}

const panelsLoaded = (root: ParentNode) => !root.querySelector('.app-cycle-panels [role="status"], .app-cycle-panels .app-spinner');

describe('current cycle panels', () => {
  afterEach(cleanup);

  it('shows the progress, the burn-down, priorities, assignees and labels of the current cycle', async () => {
    const { app } = await openCycle(current(), PROGRESS_DATA);
    const facts = [...app.container.querySelectorAll('.app-facts dd')].map((dd) => dd.textContent);
    expect(facts).to.deep.equal(['Current', 'Mar 2, 2026 – Mar 15, 2026', '3 of 6 done']);
    const titles = [...app.container.querySelectorAll('.app-cycle-panel > h2')].map((h) => h.textContent);
    expect(titles).to.deep.equal(['Progress', 'Burn-down', 'Priority', 'Assignees', 'Labels']);

    const progress = panel(app.container, 'Progress');
    expect(bars(progress, 'Issues done')).to.deep.equal([['Issues done', '3 of 6 (50%)']]);
    expect(bars(progress, 'Issues by state group')).to.deep.equal([
      ['Backlog', '1 of 6 (17%)'],
      ['Unstarted', '0 of 6 (0%)'],
      ['Started', '2 of 6 (33%)'],
      ['Completed', '3 of 6 (50%)'],
      ['Cancelled', '0 of 6 (0%)'],
    ]);

    const chart = await until(() => panel(app.container, 'Burn-down').querySelector('svg[role="img"]'), 'the chart');
    expect(chart.getAttribute('aria-label')).to.equal('Burn-down: on Mar 5, 2026, 3 of 6 issues remaining (3 completed); the scope went from 5 issues on Mar 2, 2026 to 6 issues.');
    const table = panel(app.container, 'Burn-down').querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).to.equal('Issues per day');
    expect([...table.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent))).to.deep.equal([
      ['Day', 'Scope', 'Remaining', 'Completed'],
      ['Mar 2, 2026', '5', '5', '0'],
      ['Mar 3, 2026', '5', '4', '1'],
      ['Mar 4, 2026', '6', '4', '2'],
      ['Mar 5, 2026', '6', '3', '3'],
    ]);
    // The table is for assistive technology only; the chart is what the eye reads.
    expect(table.parentElement!.getBoundingClientRect().height).to.be.at.most(1);
    expect(chart.getBoundingClientRect().height).to.be.greaterThan(100);
    // Four days drawn of a fourteen-day cycle: the lines stop at today, less than a quarter across.
    // The remaining issues burn down: 5, 4, 4, 3 of a top of 6.
    const remainingPath = chart.querySelector('.bd-remaining')!.getAttribute('d')!;
    expect(remainingPath).to.equal('M0,26.7 L46.2,53.3 L92.3,53.3 L138.5,80');

    expect(bars(panel(app.container, 'Priority'), 'Issues by priority')).to.deep.equal([
      ['Urgent', '1 of 6 (17%)'],
      ['High', '2 of 6 (33%)'],
      ['Medium', '0 of 6 (0%)'],
      ['Low', '1 of 6 (17%)'],
      ['None', '2 of 6 (33%)'],
    ]);
    expect(bars(panel(app.container, 'Assignees'), 'Issues done by assignee')).to.deep.equal([
      ['Ada', '2 of 4 (50%)'],
      ['No assignee', '1 of 2 (50%)'],
    ]);
    expect(bars(panel(app.container, 'Labels'), 'Issues done by label')).to.deep.equal([['Bug', '1 of 2 (50%)']]);
    // States and statuses read as names, never as the API's values.
    expect(app.container.querySelector('.app-content')!.textContent).not.to.match(/\b(current|started|unstarted|in-progress)\b/);
  });

  it("shows each panel's own empty state for a current cycle without issues", async () => {
    const { app } = await openCycle(EMPTY_CYCLE, EMPTY_PROGRESS);
    await until(() => panelsLoaded(app.container) && panel(app.container, 'Priority').querySelector('.empty-state'), 'the empty panels');
    const shown = (title: string) => panel(app.container, title).querySelector('.empty-state')!.getAttribute('data-empty-state');
    expect(['Progress', 'Burn-down', 'Priority', 'Assignees', 'Labels'].map(shown)).to.deep.equal([
      'active-cycle-progress',
      'active-cycle-chart',
      'active-cycle-priority',
      'active-cycle-assignees',
      'active-cycle-labels',
    ]);
    expect(panel(app.container, 'Burn-down').querySelector('h3')!.textContent).to.equal(EMPTY_STATES['active-cycle-chart'].title);
    expect(panel(app.container, 'Priority').querySelector('p')!.textContent).to.equal(EMPTY_STATES['active-cycle-priority'].description);
    expect(app.container.querySelector('svg[role="img"]')).to.equal(null);
  });

  it('shows the empty states of assignees, labels and priority when issues have none of them', async () => {
    const cycle = current({
      distribution: {
        assignees: [{ assignee_id: null, display_name: null, avatar: null, completed_issues: 3, total_issues: 6 }],
        labels: [{ label_id: null, label_name: null, color: null, completed_issues: 3, total_issues: 6 }],
      },
    });
    const { app } = await openCycle(cycle, { ...PROGRESS_DATA, priorities: { urgent: 0, high: 0, medium: 0, low: 0, none: 6 } });
    await until(() => panel(app.container, 'Priority').querySelector('.empty-state'), 'the priority empty state');
    expect(panel(app.container, 'Assignees').querySelector('.empty-state')!.getAttribute('data-empty-state')).to.equal('active-cycle-assignees');
    expect(panel(app.container, 'Labels').querySelector('.empty-state')!.getAttribute('data-empty-state')).to.equal('active-cycle-labels');
    expect(panel(app.container, 'Progress').querySelector('.empty-state')).to.equal(null);
    expect(panel(app.container, 'Burn-down').querySelector('svg[role="img"]')).to.exist;
  });

  it("says so in the burn-down and priority panels when the progress cannot be read, and keeps the others", async () => {
    const { app } = await openCycle(current(), () => reply(500, { error: 'The server failed.' }));
    await until(() => byText(panel(app.container, 'Burn-down'), '[role="alert"]', 'The server failed.'), 'the failure');
    expect(byText(panel(app.container, 'Priority'), '[role="alert"]', 'The server failed.')).to.exist;
    expect(bars(panel(app.container, 'Progress'), 'Issues done')).to.deep.equal([['Issues done', '3 of 6 (50%)']]);
    await expectAccessible(app.container);
  });

  it('reads the progress again after issues are added to the cycle', async () => {
    const { app, api } = await openCycle(current(), PROGRESS_DATA);
    await until(() => api.sent('GET', PROGRESS).length === 1 && panelsLoaded(app.container), 'the progress');
    await click(button(app.container, 'Add existing issues'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the picker');
    await click(await until(() => byText(dialog, 'label', 'WEB-3'), 'the result'));
    await click(button(dialog, 'Add selected issues'));
    await until(() => api.sent('GET', PROGRESS).length === 2, 'the progress read again');
  });

  it('keeps the breakdown tabs, and reads no progress, for a cycle that is not current', async () => {
    const { api } = cycleApi(current({ status: 'completed' }), PROGRESS_DATA);
    const app = renderApp(paths.cycle('acme', PROJECT_ID, CYCLE_ID), { api });
    await until(() => app.container.querySelector('[role="tablist"][aria-label="Progress breakdown"]'), 'the breakdown');
    expect(app.container.querySelector('.app-cycle-panels')).to.equal(null);
    expect(app.container.querySelector('.app-facts dd')!.textContent).to.equal('Completed');
    expect(api.sent('GET', PROGRESS)).to.have.length(0);
  });

  it('lists cycles with status names, dates and a progress bar, and opens one from the keyboard', async () => {
    const { api } = cycleApi(current(), PROGRESS_DATA);
    api.on('GET', CYCLES, () => [current(), current({ id: OTHER_ID, name: 'Backlog grooming', status: 'draft', start_date: null, end_date: null, completed_issues: 0, total_issues: 0 })]);
    const app = renderApp(paths.cycles('acme', PROJECT_ID), { api });
    const cards = await until(() => {
      const found = [...app.container.querySelectorAll<HTMLAnchorElement>('ul[aria-label="Cycles"] a.app-card')];
      return found.length === 2 ? found : null;
    }, 'the cycles');
    expect(cards.map((card) => card.querySelector('p')!.textContent)).to.deep.equal(['Current · Mar 2, 2026 – Mar 15, 2026', 'Draft · Not scheduled']);
    expect(cards.map((card) => card.querySelector('[role="progressbar"]')!.getAttribute('aria-valuetext'))).to.deep.equal(['3 of 6 (50%)', '0 of 0 (0%)']);
    expect(cards.map((card) => card.querySelector('.app-card-progress > span')!.textContent)).to.deep.equal(['3 of 6 issues done', '0 of 0 issues done']);
    await expectAccessible(app.container);
    cards[0]!.focus();
    await press('Enter');
    await until(() => app.location() === paths.cycle('acme', PROJECT_ID, CYCLE_ID), 'the cycle page');
    await until(() => app.container.querySelector('.app-cycle-panels'), 'the panels');
  });

  it('lists modules with their status by name ("In Progress")', async () => {
    const module: ModuleDetail = {
      ...current(),
      status: 'in-progress',
      target_date: '2026-04-30',
      lead_id: null,
      created_by: null,
    } as unknown as ModuleDetail;
    const { api } = seededApi();
    api.on('GET', '/workspaces/:slug/projects/:projectId/modules', () => [module]);
    const app = renderApp(paths.modules('acme', PROJECT_ID), { api });
    const card = await until(() => app.container.querySelector('ul[aria-label="Modules"] a.app-card p'), 'the module');
    expect(card.textContent).to.equal('In Progress · Mar 2, 2026 – Apr 30, 2026');
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`is axe-clean in both themes at ${width}x${height}, with data and empty`, async () => {
      await setViewport({ width, height });
      try {
        for (const themeMode of ['light', 'dark'] as const) {
          for (const [cycle, progress] of [
            [current(), PROGRESS_DATA],
            [EMPTY_CYCLE, EMPTY_PROGRESS],
          ] as const) {
            const { app } = await openCycle(cycle, progress, themeMode);
            await until(() => panelsLoaded(app.container) && panel(app.container, 'Priority').children.length > 1, 'the panels loaded');
            expect(document.documentElement.scrollWidth, 'no sideways scrolling').to.be.at.most(width);
            await expectAccessible(app.container);
            cleanup();
          }
        }
      } finally {
        await setViewport({ width: 1280, height: 800 });
      }
    });
  }
});
