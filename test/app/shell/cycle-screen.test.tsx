import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { CycleDetail, ListedIssue } from '../../../src/app/api/types.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import type { RoleValue } from '../../../src/app/roles.js';
import { CYCLE_ID, cycleDetail, listedIssue, project, PROJECT_ID } from './fixtures.js';
import { click, press, typeDate, typeInto } from './input.js';
import { button, byText, cleanup, field, renderApp, reply, until, untilFocusedIn } from './render.js';
import { seededApi } from './seeded-api.js';
import { isolated } from '../../../src/app/ui/bidi.js';

const CYCLES = '/workspaces/:slug/projects/:projectId/cycles';
const CYCLE = `${CYCLES}/:cycleId`;
const CYCLE_ISSUES = `${CYCLE}/cycle-issues`;

const cycle = cycleDetail;

/** The cycle's page over a fake holding one cycle with issues 1 and 2 (issue 3 outside it). */
async function openCycle(role: RoleValue = 20, issues: ListedIssue[] = [listedIssue(2), listedIssue(1, { state__color: null, state__group: 'completed', state__name: 'Done' })]) {
  const seeded = seededApi((scene) => {
    scene.projects = [project(role)];
  });
  const { api } = seeded;
  let current = cycle();
  let inCycle = issues;
  api
    .on('GET', CYCLES, () => [current])
    .on('GET', CYCLE, () => current)
    .on('PATCH', CYCLE, (request) => (current = { ...current, ...(request.body as object) }))
    .on('DELETE', CYCLE, () => undefined)
    .on('GET', CYCLE_ISSUES, () => inCycle)
    .on('POST', CYCLE_ISSUES, (request) => {
      const ids = (request.body as { issues: string[] }).issues;
      inCycle = [...inCycle, ...ids.map((id) => listedIssue(Number(id.slice(-12))))];
      return inCycle;
    })
    .on('DELETE', `${CYCLE_ISSUES}/:issueId`, (request) => {
      inCycle = inCycle.filter((issue) => issue.id !== request.params.issueId);
      return undefined;
    })
    .on('GET', '/workspaces/:slug/projects/:projectId/search-issues', () => [listedIssue(3)]);
  const app = renderApp(paths.cycle('acme', PROJECT_ID, CYCLE_ID), { api });
  await until(() => app.container.querySelector('h1')?.textContent === 'Sprint 1', 'the cycle');
  await until(() => app.container.querySelector('ul[aria-label="Issues of the cycle"]'), 'its issues');
  return { ...seeded, app };
}

describe('cycle screen', () => {
  afterEach(cleanup);

  it("lists the cycle's issues (key with state colour, linking to the issue) and its progress from the server", async () => {
    const { app } = await openCycle();
    const rows = [...app.container.querySelectorAll('ul[aria-label="Issues of the cycle"] li')];
    expect(rows.map((row) => row.querySelector('a')!.textContent)).to.deep.equal(['WEB-2 Issue number 2', 'WEB-1 Issue number 1']);
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).to.equal(paths.issue('acme', PROJECT_ID, listedIssue(2).id));
    // The state's amber, darkened just enough to keep 3:1 on the light background.
    expect((rows[0]!.querySelector('.app-state-dot') as HTMLElement).style.background).to.equal('rgb(196, 126, 9)');
    expect((rows[1]!.querySelector('.app-state-dot') as HTMLElement).style.background).to.equal('rgb(107, 114, 128)');
    const bar = app.container.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute('aria-valuetext')).to.equal('1 of 2 (50%)');
    await click(rows[0]!.querySelector('a'));
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, listedIssue(2).id), 'the issue page');
  });

  it('adds existing issues through the picker (searching without the cycle), after asking for one', async () => {
    const { app, api } = await openCycle();
    await click(button(app.container, 'Add existing issues'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the picker');
    await until(() => api.sent('GET', '/workspaces/:slug/projects/:projectId/search-issues').length > 0, 'the search');
    const search = api.sent('GET', '/workspaces/:slug/projects/:projectId/search-issues')[0]!;
    expect(search.query.get('exclude_cycle_id')).to.equal(CYCLE_ID);
    expect(search.query.get('workspace_search')).to.equal('false');
    await click(button(dialog, 'Add selected issues'));
    await until(() => byText(dialog, '[role="alert"], p', 'Please select at least one issue.'), 'the selection message');
    expect(api.sent('POST', CYCLE_ISSUES)).to.have.length(0);
    await click(await until(() => byText(dialog, 'label', 'WEB-3'), 'the result'));
    await click(button(dialog, 'Add selected issues'));
    await until(() => !document.querySelector('[role="dialog"]'), 'the picker closed');
    expect(api.sent('POST', CYCLE_ISSUES)[0]!.body).to.deep.equal({ issues: [listedIssue(3).id] });
    await until(() => app.container.querySelectorAll('ul[aria-label="Issues of the cycle"] li').length === 3, 'the added issue');
    // The cycle's counts are read again.
    await until(() => api.sent('GET', CYCLE).length === 2, 'the cycle refreshed');
  });

  it("moves an ended cycle's unfinished issues to a cycle that has not ended, chosen in a dialog", async () => {
    const { app, api } = await openCycle();
    const next = { ...cycle({ id: 'aaaaaaaa-9999-4999-8999-999999999999', name: 'Sprint 2', start_date: '2099-03-15', end_date: '2099-03-28', status: 'upcoming' }) };
    const older = { ...cycle({ id: 'bbbbbbbb-9999-4999-8999-999999999999', name: 'Sprint 0', status: 'completed' }) };
    api
      .on('GET', CYCLES, () => [next, cycle(), older])
      .on('POST', `${CYCLE}/transfer-issues`, (request) => (request.body as { new_cycle_id: string }).new_cycle_id === next.id ? { transferred: 1 } : reply(400, { error: 'No.' }));
    expect(byText(app.container, '.app-note', 'This cycle has ended with 1 issue not done.')).to.exist;
    await click(button(app.container, 'Move unfinished issues'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    const select = await until(() => dialog.querySelector('select'), 'the cycles');
    expect([...select.options].map((option) => option.textContent)).to.deep.equal(['Choose a cycle', 'Sprint 2']);
    await click(button(dialog, 'Move 1 issue'));
    await until(() => byText(dialog, '[role="alert"]', 'Choose the cycle to move the issues to.'), 'asked to choose');
    expect(api.sent('POST', `${CYCLE}/transfer-issues`)).to.have.length(0);
    select.focus();
    await press('ArrowDown');
    await until(() => select.value === next.id, 'Sprint 2 chosen', { saw: () => select.value });
    await expectAccessible(dialog);
    await click(button(dialog, 'Move 1 issue'));
    await until(() => byText(document.body, '.app-toast', `1 issue moved to ${isolated('Sprint 2')}.`), 'the toast');
    await until(() => !document.querySelector('[role="dialog"]'), 'the dialog closed');
    expect(api.sent('POST', `${CYCLE}/transfer-issues`).map((request) => request.body)).to.deep.equal([{ new_cycle_id: next.id }]);
  });

  it("counts an ended cycle's unfinished issues as a transfer moves them: not the archived ones, which stay", async () => {
    const archived = listedIssue(4, { archived_at: '2025-03-10T10:00:00.000Z' });
    const { app } = await openCycle(20, [listedIssue(2), listedIssue(1, { state__group: 'cancelled' }), archived, listedIssue(5, { state__group: null, state_id: null })]);
    await until(() => byText(app.container, '.app-note', 'This cycle has ended with 2 issues not done.'), 'the count');
    await click(button(app.container, 'Move unfinished issues'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    expect(button(dialog, 'Move 2 issues')).to.exist;
  });

  it('removes an issue from the cycle', async () => {
    const { app, api } = await openCycle();
    await click(button(app.container, 'Remove WEB-2 from the cycle'));
    await until(() => app.container.querySelectorAll('ul[aria-label="Issues of the cycle"] li').length === 1, 'the issue gone');
    expect(api.sent('DELETE', `${CYCLE_ISSUES}/:issueId`)[0]!.params.issueId).to.equal(listedIssue(2).id);
  });

  it('marks an archived issue and offers no removal of it (it is read-only until restored)', async () => {
    const { app } = await openCycle(20, [listedIssue(2, { archived_at: '2025-03-10T09:00:00.000Z' }), listedIssue(1)]);
    const rows = [...app.container.querySelectorAll('ul[aria-label="Issues of the cycle"] li')];
    expect(rows.map((row) => row.querySelector('.app-planning-archived')?.textContent ?? null)).to.deep.equal(['Archived', null]);
    expect(button(app.container, 'Remove WEB-2 from the cycle')).to.equal(null);
    expect(button(app.container, 'Remove WEB-1 from the cycle')).to.exist;
    await expectAccessible(app.container);
  });

  it('edits the name and dates, refusing a start after the end, and sends only what changed', async () => {
    const { app, api } = await openCycle();
    await click(button(app.container, 'Edit cycle'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the form');
    const name = field(dialog, 'Cycle name');
    expect(name.value).to.equal('Sprint 1');
    expect(field(dialog, 'End date').value).to.equal('2025-03-14');
    await typeDate(field(dialog, 'Start date'), '03/20/2025');
    await click(button(dialog, 'Save'));
    await until(() => byText(dialog, '[role="alert"]', 'The start date cannot be after the end date.'), 'the date rule');
    expect(api.sent('PATCH', CYCLE)).to.have.length(0);
    await typeDate(field(dialog, 'Start date'), '03/02/2025');
    name.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 'b' });
    await click(button(dialog, 'Save'));
    await until(() => app.container.querySelector('h1')?.textContent === 'Sprint 1b', 'the new name');
    // What was changed alone: an end date someone changed meanwhile is not put back.
    expect(api.sent('PATCH', CYCLE)[0]!.body).to.deep.equal({ name: 'Sprint 1b', start_date: '2025-03-02' });
    await expectAccessible(app.container);
  });

  it('deletes the cycle (admins) after confirmation', async () => {
    const { app, api } = await openCycle();
    await click(button(app.container, 'Delete cycle'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the confirmation');
    await click(button(dialog, 'Delete'));
    await until(() => app.location() === paths.cycles('acme', PROJECT_ID), 'the cycle list');
    expect(api.sent('DELETE', CYCLE)).to.have.length(1);
  });

  it('offers members no delete, and viewers neither edit nor adding issues', async () => {
    const member = await openCycle(15);
    expect(button(member.app.container, 'Delete cycle')).to.equal(null);
    expect(button(member.app.container, 'Edit cycle')).to.exist;
    expect(button(member.app.container, 'Move unfinished issues')).to.exist;
    cleanup();
    const viewer = await openCycle(10);
    expect(button(viewer.app.container, 'Edit cycle')).to.equal(null);
    expect(button(viewer.app.container, 'Add existing issues')).to.equal(null);
    expect(button(viewer.app.container, 'Remove WEB-2 from the cycle')).to.equal(null);
    expect(button(viewer.app.container, 'Move unfinished issues')).to.equal(null);
    expect(byText(viewer.app.container, '.app-note', 'This cycle has ended with 1 issue not done.'), 'the count still shows').to.exist;
  });

  it('creates the first cycle from the empty state; focus goes to the heading, the button gone with the empty state', async () => {
    const { api } = seededApi();
    const made: CycleDetail[] = [];
    api.on('GET', CYCLES, () => made).on('POST', CYCLES, (request) => {
      made.push(cycle({ ...(request.body as object), id: CYCLE_ID }));
      return reply(201, made[0]);
    });
    const app = renderApp(paths.cycles('acme', PROJECT_ID), { api });
    const empty = await until(() => app.container.querySelector<HTMLElement>('[data-empty-state="cycles"]'), 'the empty state');
    await click(button(empty, EMPTY_STATES.cycles.actions[0]!.label));
    const dialog = await untilFocusedIn(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the form');
    await typeInto(field(dialog, 'Cycle name'), 'Sprint 2');
    await press('Enter');
    await until(() => app.container.querySelector('ul[aria-label="Cycles"]'), 'the cycle listed');
    await until(() => !document.querySelector('[role="dialog"]'), 'the form closed');
    await until(() => document.activeElement === byText(app.container, 'h1', 'Cycles'), 'focus on the heading', { saw: () => document.activeElement });
  });

  it('creates a cycle with dates from the list', async () => {
    const { app, api } = await openCycle();
    api.on('POST', CYCLES, (request) => cycle({ ...(request.body as object), id: CYCLE_ID }));
    await click(byText(app.container, 'a', 'Cycles'));
    await until(() => app.location() === paths.cycles('acme', PROJECT_ID), 'the list');
    await until(() => app.container.querySelector('ul[aria-label="Cycles"]'), 'the cycles');
    await click(button(app.container, 'Create cycle'));
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the form');
    await typeInto(field(dialog, 'Cycle name'), 'Sprint 2');
    await typeDate(field(dialog, 'Start date'), '04/01/2025');
    await typeDate(field(dialog, 'End date'), '04/14/2025');
    await press('Enter');
    await until(() => api.sent('POST', CYCLES).length === 1, 'the creation');
    expect(api.sent('POST', CYCLES)[0]!.body).to.deep.equal({ name: 'Sprint 2', start_date: '2025-04-01', end_date: '2025-04-14' });
  });
});
