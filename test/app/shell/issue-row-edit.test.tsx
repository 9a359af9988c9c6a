import { expect } from '@open-wc/testing';
import type { IssueRow } from '../../../src/app/api/types.js';
import { paths } from '../../../src/app/router/paths.js';
import type { RoleValue } from '../../../src/app/roles.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { focusReturnsTo } from '../../helpers/until.js';
import { gate } from './fake-api.js';
import { issueDetail, ISSUE_ID, listedIssue, members, OTHER_ID, project, PROJECT_ID, STATE_ID, USER_ID } from './fixtures.js';
import { click, focusedDateField, press, typeDate, typeInto } from './input.js';
import { closed, listbox, nameOf, option, property } from './pickers.js';
import { byText, cleanup, field, renderApp, reply, TEST_TODAY, until } from './render.js';
import { seededApi } from './seeded-api.js';

const ISSUE = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const DONE = '77777777-7777-4777-8777-777777777779';
const BUG = { id: '88888888-8888-4888-8888-888888888881', name: 'Bug', color: '#dc2626' };
const UI = { id: '88888888-8888-4888-8888-888888888882', name: 'UI', color: '#2563eb' };
const STATES = [
  { id: STATE_ID, project_id: PROJECT_ID, name: 'Todo', description: '', color: '#f59e0b', group: 'unstarted', sequence: 1, is_default: true },
  { id: DONE, project_id: PROJECT_ID, name: 'Done', description: '', color: '#16a34a', group: 'completed', sequence: 2, is_default: false },
];
const LIST = `${paths.projectIssues('acme', PROJECT_ID)}?layout=list`;
const BOARD = `${paths.projectIssues('acme', PROJECT_ID)}?layout=board`;
const ADA = members.find((member) => member.id === USER_ID)!;

/** A project whose PATCH route keeps what it is sent, as the server does (the rows' names and people drawn from the ids). */
function editApi(role: RoleValue = 20) {
  const { api, scene } = seededApi((scene) => {
    scene.projects = [project(role)];
    scene.issues = [listedIssue(3), listedIssue(2, { label_ids: [UI.id], labels: [UI] }), listedIssue(1)];
  });
  api
    .on('GET', '/workspaces/:slug/projects/:projectId/states', () => STATES)
    .on('GET', '/workspaces/:slug/projects/:projectId/labels', () => [BUG, UI].map((label) => ({ ...label, project_id: PROJECT_ID, sort_order: 1 })))
    .on('PATCH', ISSUE, (request) => {
      const body = request.body as Partial<IssueRow>;
      scene.issues = scene.issues.map((issue) => (issue.id === request.params.issueId ? { ...issue, ...applied(body) } : issue));
      return issueDetail({ id: request.params.issueId! });
    });
  return { api, scene };
}

/** What a row carries after `body` is saved. */
function applied(body: Partial<IssueRow>): Partial<IssueRow> {
  const state = STATES.find((candidate) => candidate.id === body.state_id);
  return {
    ...body,
    ...(state && { state__name: state.name, state__color: state.color, state__group: state.group }),
    ...(body.label_ids && { labels: [BUG, UI].filter((label) => body.label_ids!.includes(label.id)) }),
    ...(body.assignee_ids && { assignees: members.filter((member) => body.assignee_ids!.includes(member.id)).map(({ role: _, ...user }) => user) }),
  };
}

const rowOf = (key: string) => () =>
  [...document.querySelectorAll<HTMLElement>('.app-issue-row')].find((found) => found.querySelector('.app-issue-key')?.textContent === key) ?? null;
const cardOf = (key: string) => () =>
  [...document.querySelectorAll<HTMLElement>('.app-board-card')].find((found) => found.querySelector('.app-issue-key')?.textContent === key) ?? null;
const patches = (api: ReturnType<typeof editApi>['api']) => api.sent('PATCH', ISSUE).map((request) => [request.params.issueId, request.body]);

/** One property changed in place: how it is picked, what is sent, and how the row or card names it after. */
interface Change {
  name: string;
  option?: string;
  filter?: string;
  date?: string;
  body: object;
  after: string;
}
const CHANGES: Change[] = [
  { name: 'State', option: 'Done', filter: 'don', body: { state_id: DONE }, after: 'State: Done' },
  // The row shows the labels in the project's order (Bug before UI), whatever order they were picked in.
  { name: 'Labels', option: 'Bug', filter: 'bu', body: { label_ids: [UI.id, BUG.id] }, after: 'Labels: Bug, UI' },
  { name: 'Assignees', option: 'Grace', filter: 'gr', body: { assignee_ids: [OTHER_ID] }, after: 'Assignees: Grace' },
  // A day before the tests' today (TEST_TODAY) on an open issue: overdue.
  { name: 'Target date', date: '03/10/2025', body: { target_date: '2025-03-10' }, after: 'Target date: Mar 10, 2025, overdue' },
];
const multiple = (change: Change) => change.name === 'Labels' || change.name === 'Assignees';

/** Picks `change` from its open-able `button`, with the mouse or the keyboard, and waits for the popup to close. */
async function pick(button: HTMLElement, change: Change, how: 'mouse' | 'keyboard'): Promise<void> {
  if (how === 'mouse') await click(button);
  else {
    button.focus();
    await press('Enter');
  }
  if (change.date) {
    await typeDate(await focusedDateField(), change.date);
    await press('Enter');
  } else if (how === 'mouse') {
    await click(await until(async () => option(await listbox(), change.option!), `the ${change.option} option`));
  } else {
    await until(() => document.activeElement?.getAttribute('role') === 'combobox', 'the filter focused');
    await until(async () => option(await listbox(), change.option!), `the ${change.option} option`);
    for (const key of change.filter!) await press(key);
    await press('Enter');
  }
  // A list of several values stays open for more: its button (or Escape) closes it.
  if (multiple(change)) await (how === 'mouse' ? click(button) : press('Escape'));
  await closed();
}

describe('a row’s and a card’s properties, changed in place', () => {
  afterEach(cleanup);

  for (const surface of ['row', 'card'] as const) {
    for (const how of ['mouse', 'keyboard'] as const) {
      for (const change of CHANGES) {
        it(`changes the ${change.name.toLowerCase()} from a ${surface} with the ${how}`, async () => {
          const { api } = editApi();
          const find = surface === 'row' ? rowOf('WEB-2') : cardOf('WEB-2');
          renderApp(surface === 'row' ? LIST : BOARD, { api });
          const button = await property(await until(find, `the ${surface}`), change.name);
          await pick(button, change, how);
          await until(() => patches(api).length === 1, 'the change sent');
          expect(patches(api)).to.deep.equal([[listedIssue(2).id, change.body]]);
          // A card given another state moves to its column, focus going with it; otherwise focus is back on the button.
          if (surface === 'card' && change.name === 'State') {
            await until(() => find()?.closest('ul')?.getAttribute('aria-label') === 'Done', 'the card in Done');
            if (how === 'keyboard') await until(() => document.activeElement === find()!.querySelector('a'), 'focus on the moved card');
          } else if (how === 'keyboard') await focusReturnsTo(button, `the ${change.name} button`);
          await until(async () => nameOf(await property(find()!, change.name)) === change.after, change.after);
        });
      }
    }
  }

  it('reaches each picker of a row with Tab, after the row’s checkbox, in the order shown', async () => {
    renderApp(LIST, { api: editApi().api });
    const row = await until(rowOf('WEB-2'), 'the row');
    const order = ['State', 'Priority', 'link', 'Preview', 'Labels', 'Assignees', 'Target date'];
    const buttons = await Promise.all(order.map((name) => (name === 'link' ? row.querySelector('a')! : name === 'Preview' ? row.querySelector('[aria-label="Preview WEB-2"]')! : property(row, name))));
    row.querySelector<HTMLElement>('.app-issue-select')!.focus();
    for (const [index, expected] of buttons.entries()) {
      await press('Tab');
      expect(document.activeElement, order[index]).to.equal(expected);
    }
  });

  const LIST_ROUTE = '/workspaces/:slug/projects/:projectId/issues';

  /**
   * The app at `url` with a search typed whose answer waits for the test (`held.open()`), then
   * lists what the server held when the read came in (as a read that left before a change
   * answers); resolves once the list is busy with it, with `find`'s `name` button to change.
   */
  async function inHeldSearch({ api, scene }: ReturnType<typeof editApi>, url: string, find: () => HTMLElement | null, name: string) {
    const held = gate();
    api.on('GET', LIST_ROUTE, async (request) => {
      const issues = scene.issues;
      if (request.query.has('search')) await held.opened;
      return reply(200, issues, { 'x-total-count': String(issues.length) });
    });
    const app = renderApp(url, { api });
    const button = await property(await until(find, 'the issue'), name);
    const busy = () => !!app.container.querySelector('.app-issue-results[aria-busy="true"]');
    await typeInto(field(app.container, 'Search issues'), 'web');
    await until(busy, 'the list busy with its search');
    return { held, button, busy };
  }
  /** The column a card is in. */
  const columnOf = (find: () => HTMLElement | null) => find()?.closest('ul')?.getAttribute('aria-label');

  it('a change made while the list’s next answer is on its way shows at once, is in that answer, and the list does not stay busy', async () => {
    const edit = editApi();
    const { held, button, busy } = await inHeldSearch(edit, LIST, rowOf('WEB-2'), 'State');
    await pick(button, CHANGES[0]!, 'mouse');
    await until(() => patches(edit.api).length === 1, 'the change sent');
    // Saved, and the list read again: the row keeps its new value while that answer is held.
    await until(() => edit.api.sent('GET', LIST_ROUTE).length >= 3, 'the list read again after the change');
    expect(busy(), 'still waiting for the search').to.equal(true);
    expect(nameOf(await property(rowOf('WEB-2')()!, 'State'))).to.equal('State: Done');
    held.open();
    await until(() => !busy(), 'the search answered');
    await until(async () => nameOf(await property(rowOf('WEB-2')()!, 'State')) === 'State: Done', 'the change in the answer');
  });

  it('a card moved while the board’s next answer is on its way stays in its new column', async () => {
    const edit = editApi();
    const { held, button, busy } = await inHeldSearch(edit, BOARD, cardOf('WEB-2'), 'State');
    await pick(button, CHANGES[0]!, 'keyboard');
    await until(() => patches(edit.api).length === 1, 'the change sent');
    await until(() => columnOf(cardOf('WEB-2')) === 'Done', 'the card in Done');
    await until(() => edit.api.sent('GET', LIST_ROUTE).length >= 3, 'the board read again after the change');
    expect(busy(), 'still waiting for the search').to.equal(true);
    expect(columnOf(cardOf('WEB-2'))).to.equal('Done');
    held.open();
    await until(() => !busy(), 'the search answered');
    expect(columnOf(cardOf('WEB-2'))).to.equal('Done');
  });

  it('a change refused while the list’s next answer is on its way is put back, with the refusal', async () => {
    const edit = editApi();
    edit.api.on('PATCH', ISSUE, () => reply(400, { error: 'The start date cannot be after the target date.' }));
    const { held, button, busy } = await inHeldSearch(edit, LIST, rowOf('WEB-2'), 'Target date');
    await pick(button, CHANGES[3]!, 'mouse');
    await until(() => byText(document, '.app-toast', 'The start date cannot be after the target date.'), 'the error toast');
    await until(() => nameOf(button) === 'Target date: No date', 'the date put back');
    expect(busy(), 'still waiting for the search').to.equal(true);
    held.open();
    await until(() => !busy(), 'the search answered');
    expect(nameOf(await property(rowOf('WEB-2')()!, 'Target date'))).to.equal('Target date: No date');
  });

  it('shows the change at once, before the server answers', async () => {
    const { api } = editApi();
    const held = gate();
    const answer = api.on('PATCH', ISSUE, async () => {
      await held.opened;
      return issueDetail({ id: listedIssue(2).id });
    });
    renderApp(LIST, { api: answer });
    const button = await property(await until(rowOf('WEB-2'), 'the row'), 'Assignees');
    await pick(button, CHANGES[2]!, 'mouse');
    await until(() => api.sent('PATCH', ISSUE).length === 1, 'the change sent');
    expect(nameOf(button)).to.equal('Assignees: Grace');
    expect(rowOf('WEB-2')()!.querySelectorAll('.app-avatar').length).to.equal(1);
    held.open();
  });

  it("puts the row back and shows the server's refusal", async () => {
    const { api } = editApi();
    api.on('PATCH', ISSUE, () => reply(400, { error: 'The start date cannot be after the target date.' }));
    renderApp(LIST, { api });
    const button = await property(await until(rowOf('WEB-2'), 'the row'), 'Target date');
    await pick(button, CHANGES[3]!, 'mouse');
    await until(() => byText(document, '.app-toast', 'The start date cannot be after the target date.'), 'the error toast');
    await until(() => nameOf(button) === 'Target date: No date', 'the date put back');
    const labels = await property(rowOf('WEB-2')()!, 'Labels');
    await pick(labels, CHANGES[1]!, 'mouse');
    await until(() => api.sent('PATCH', ISSUE).length === 2, 'the second change sent');
    await until(() => nameOf(labels) === 'Labels: UI', 'the labels put back');
  });

  it("shows a row's labels in the project's order, as its viewers and the issue's page do, whatever order the ids come in", async () => {
    const { api } = editApi();
    const { api: viewerApi } = editApi(10);
    for (const fixture of [api, viewerApi]) {
      fixture.on('GET', '/workspaces/:slug/projects/:projectId/issues', () =>
        reply(200, [listedIssue(2, { label_ids: [UI.id, BUG.id], labels: [BUG, UI] })], { 'x-total-count': '1' }),
      );
    }
    renderApp(LIST, { api });
    await until(async () => nameOf(await property(await until(rowOf('WEB-2'), 'the row'), 'Labels')) === 'Labels: Bug, UI', 'Bug first');
    expect(rowOf('WEB-2')()!.querySelector('.app-issue-label')!.textContent).to.equal('Bug');
    cleanup();
    renderApp(LIST, { api: viewerApi });
    await until(() => rowOf('WEB-2')()?.querySelector('.app-issue-label')?.textContent === 'Bug', "Bug first for a viewer");
  });

  it('shows viewers the values without pickers, in rows and cards', async () => {
    const { api } = editApi(10);
    const app = renderApp(LIST, { api });
    await until(rowOf('WEB-2'), 'the row');
    await until(() => app.container.querySelector('.app-issue-row .app-state-icon[aria-label="State: Todo"]'), 'the state icon');
    expect(app.container.querySelector('.app-issue-row .app-picker-button')).to.equal(null);
    expect(rowOf('WEB-2')()!.querySelector('.app-issue-labels')!.textContent).to.equal('UI');
    cleanup();
    const board = renderApp(BOARD, { api });
    await until(cardOf('WEB-2'), 'the card');
    expect(board.container.querySelector('.app-board-card .app-picker-button')).to.equal(null);
    expect(cardOf('WEB-2')()!.querySelector('.app-issue-label')!.textContent).to.equal('UI');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe with the row's and the card's pickers, and a picker open, in the ${theme} theme`, async () => {
      const { api, scene } = editApi();
      scene.issues = scene.issues.map((issue, index) => (index ? issue : { ...issue, assignee_ids: [USER_ID], assignees: [{ ...ADA }].map(({ role: _, ...user }) => user), target_date: '2025-03-10' }));
      const app = renderApp(LIST, { api, themeMode: theme });
      await until(rowOf('WEB-3'), 'the rows');
      await expectAccessible(app.container);
      await click(await property(rowOf('WEB-2')()!, 'Labels'));
      await expectAccessible(await listbox().then((list) => list.closest<HTMLElement>('.app-picker-popup')!));
      await press('Escape');
      await closed();
      cleanup();
      const board = renderApp(BOARD, { api, themeMode: theme });
      await until(cardOf('WEB-3'), 'the cards');
      await expectAccessible(board.container);
    });
  }
});

describe('overdue target days', () => {
  afterEach(cleanup);

  /** WEB-3 due yesterday (overdue), WEB-2 due today (not yet), WEB-1 due two weeks ago but completed. */
  function dueApi(role: RoleValue = 20) {
    expect(TEST_TODAY, 'the days below are written around it').to.equal('2026-06-15');
    const fixture = editApi(role);
    fixture.scene.issues = [
      listedIssue(3, { target_date: '2026-06-14' }),
      listedIssue(2, { target_date: TEST_TODAY }),
      listedIssue(1, { target_date: '2026-06-01', state_id: DONE, state__name: 'Done', state__color: '#16a34a', state__group: 'completed' }),
    ];
    return fixture;
  }
  /** The colour the app draws danger in, as the browser computes it. */
  function dangerColour(root: HTMLElement): string {
    const probe = root.appendChild(document.createElement('span'));
    probe.style.color = 'var(--app-danger)';
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }

  for (const surface of ['row', 'card'] as const) {
    it(`marks a ${surface}'s target day as overdue once it has passed on an open issue, and takes the mark away when the issue is done`, async () => {
      const { api } = dueApi();
      const app = renderApp(surface === 'row' ? LIST : BOARD, { api });
      const of = surface === 'row' ? rowOf : cardOf;
      const date = (key: string) => property(of(key)()!, 'Target date');
      await until(of('WEB-1'), `the ${surface}s`);
      expect(nameOf(await date('WEB-3'))).to.equal('Target date: Jun 14, 2026, overdue');
      expect(nameOf(await date('WEB-2')), 'due today is not overdue').to.equal('Target date: Jun 15, 2026');
      expect(nameOf(await date('WEB-1')), 'a completed issue is never overdue').to.equal('Target date: Jun 1, 2026');
      const overdue = await date('WEB-3');
      expect(overdue.getAttribute('title')).to.equal('Overdue');
      expect(overdue.querySelector('svg.app-overdue-icon'), 'a mark besides the colour').not.to.equal(null);
      expect(getComputedStyle(overdue).color).to.equal(dangerColour(app.container));
      expect(getComputedStyle(await date('WEB-2')).color).not.to.equal(dangerColour(app.container));

      await pick(await property(of('WEB-3')()!, 'State'), CHANGES[0]!, 'mouse');
      await until(async () => nameOf(await date('WEB-3')) === 'Target date: Jun 14, 2026', 'the mark gone once done', { saw: async () => nameOf(await date('WEB-3')) });
      expect((await date('WEB-3')).hasAttribute('title')).to.equal(false);
      await expectAccessible(app.container);
    });
  }

  it('shows viewers an overdue day in rows and cards, named and titled so', async () => {
    const { api } = dueApi(10);
    const app = renderApp(LIST, { api });
    const day = (find: () => HTMLElement | null) => find()!.querySelector<HTMLElement>('time')!;
    await until(rowOf('WEB-3'), 'the rows');
    expect(day(rowOf('WEB-3')).textContent).to.equal('Target date Jun 14, 2026, overdue');
    expect(day(rowOf('WEB-3')).getAttribute('title')).to.equal('Overdue');
    expect(day(rowOf('WEB-3')).getAttribute('data-overdue')).to.equal('true');
    expect(getComputedStyle(day(rowOf('WEB-3'))).color).to.equal(dangerColour(app.container));
    expect(day(rowOf('WEB-2')).textContent).to.equal('Target date Jun 15, 2026');
    expect(day(rowOf('WEB-2')).getAttribute('title')).to.equal('Target date');
    cleanup();
    const board = renderApp(BOARD, { api, themeMode: 'dark' });
    await until(cardOf('WEB-3'), 'the cards');
    expect(day(cardOf('WEB-3')).textContent).to.equal('Target date Jun 14, 2026, overdue');
    expect(day(cardOf('WEB-1')).textContent).to.equal('Target date Jun 1, 2026');
    await expectAccessible(board.container);
  });

  it("marks the issue page's and the preview's target day as overdue", async () => {
    const due = { target_date: '2026-06-10', state__group: 'started' };
    const { api } = seededApi((scene) => {
      scene.issue = issueDetail(due);
      scene.issues = [listedIssue(7, { id: ISSUE_ID, name: 'Fix the header', ...due })];
    });
    const page = renderApp(paths.issue('acme', PROJECT_ID, ISSUE_ID), { api });
    const picker = await property(page.container, 'Target date');
    expect(nameOf(picker)).to.equal('Target date Jun 10, 2026, overdue');
    expect(picker.getAttribute('title')).to.equal('Overdue');
    cleanup();
    const list = renderApp(LIST, { api });
    await click(await until(() => list.container.querySelector<HTMLElement>('[aria-label="Preview WEB-7"]'), 'the preview button'));
    const preview = await until(() => [...document.querySelectorAll('dt')].find((term) => term.textContent === 'Target date')?.nextElementSibling, "the preview's target date");
    expect(preview.textContent).to.equal('Jun 10, 2026, overdue');
    expect(preview.querySelector('time')!.getAttribute('title')).to.equal('Overdue');
  });
});
