import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import { paths } from '../../../src/app/router/paths.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { reply, type FakeApi } from './fake-api.js';
import type { Priority, IssueRow } from '../../../src/app/api/types.js';
import { issueDetail, listedIssue, members, OTHER_ID, project, PROJECT_ID, STATE_ID, USER_ID } from './fixtures.js';
import { layoutStorageKey } from '../../../src/app/screens/issues/issue-layout.js';
import { SEARCH_DEBOUNCE_MS } from '../../../src/app/ui/debounce.js';
import { click, typeInto } from './input.js';
import { nameOf, property, shown } from './pickers.js';
import { button, cleanup, field, renderApp, until } from './render.js';
import { advance, fakeClock } from './timing.js';
import { seededApi, type Scene } from './seeded-api.js';

const BACKLOG = '77777777-7777-4777-8777-777777777771';
const DOING = '77777777-7777-4777-8777-777777777773';
const ISSUE = '/workspaces/:slug/projects/:projectId/issues/:issueId';
const ISSUES = '/workspaces/:slug/projects/:projectId/issues';

const states = [
  { id: DOING, project_id: PROJECT_ID, name: 'In Progress', description: '', color: '#3b82f6', group: 'started', sequence: 3, is_default: false },
  { id: BACKLOG, project_id: PROJECT_ID, name: 'Backlog', description: '', color: '#a3a3a3', group: 'backlog', sequence: 1, is_default: false },
  { id: STATE_ID, project_id: PROJECT_ID, name: 'Todo', description: '', color: '#f59e0b', group: 'unstarted', sequence: 2, is_default: true },
];

/** A row of the project's list as the server sends it. */
function row(sequence: number, stateId: string, priority: Priority = 'none', assignees: string[] = []): IssueRow {
  return { ...listedIssue(sequence, { state_id: stateId }), priority, assignee_ids: assignees };
}

/** The seeded workspace with three states: WEB-3 in Backlog, WEB-2 and WEB-1 in Todo. */
function boardApi(change: (scene: Scene) => void = () => {}): FakeApi {
  const { api } = seededApi((scene) => {
    scene.issues = [{ ...row(3, BACKLOG), state__color: '#a3a3a3' }, row(2, STATE_ID, 'urgent', [USER_ID, OTHER_ID]), row(1, STATE_ID)];
    change(scene);
  });
  return api
    .on('GET', '/workspaces/:slug/projects/:projectId/states', () => states)
    .on('GET', '/workspaces/:slug/projects/:projectId/members', () => members)
    .on('PATCH', ISSUE, (request) => issueDetail({ id: request.params.issueId!, state_id: (request.body as { state_id: string }).state_id }));
}

const column = (root: ParentNode, name: string) => root.querySelector<HTMLElement>(`ul.app-board-cards[aria-label="${name}"]`);
const cardKeys = (root: ParentNode, name: string) => [...(column(root, name)?.querySelectorAll('.app-issue-key') ?? [])].map((key) => key.textContent);
const card = (root: ParentNode, key: string) =>
  [...root.querySelectorAll<HTMLElement>('.app-board-card')].find((found) => found.querySelector('.app-issue-key')?.textContent === key) ?? null;

async function openBoard(api: FakeApi): Promise<ReturnType<typeof renderApp>> {
  const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?layout=board`, { api });
  await until(() => cardKeys(app.container, 'Todo').length === 2 && column(app.container, 'In Progress'), 'the board');
  return app;
}

/** Presses `key` with Shift held. */
async function shiftPress(key: string): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Shift' });
}

/** Opens the board without assuming which cards are where. */
async function openBoard2(api: FakeApi): Promise<ReturnType<typeof renderApp>> {
  const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?layout=board`, { api });
  await until(() => column(app.container, 'In Progress') && app.container.querySelector('.app-board-card'), 'the board');
  return app;
}

/** Drags `from` with the real mouse and drops it over the heading of `to`'s column. */
async function drag(from: HTMLElement, to: HTMLElement): Promise<void> {
  from.scrollIntoView({ block: 'center', inline: 'center' });
  const start = from.getBoundingClientRect();
  const x = Math.round(start.left + 20);
  const y = Math.round(start.top + 10);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [x + 10, y + 10] });
  const heading = to.closest('section')!.querySelector('h2')!.getBoundingClientRect();
  const target: [number, number] = [Math.round(Math.min(heading.left + 30, innerWidth - 4)), Math.round(heading.top + heading.height / 2)];
  await sendMouse({ type: 'move', position: target });
  await until(() => to.closest('section')!.hasAttribute('data-drop-target'), 'the drop target shown');
  expect(to.querySelector('.app-board-placeholder'), 'where the card will land').to.not.equal(null);
  await sendMouse({ type: 'up' });
}

describe('project issue board', () => {
  afterEach(async () => {
    await resetMouse();
    cleanup();
  });

  it('switches from the list to a board with one column per state, in order, with counts', async () => {
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: boardApi() });
    await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the list');
    const board = await until(() => button(app.container, 'Board'), 'the layout switch');
    expect(board.closest('[role="group"]')!.getAttribute('aria-label')).to.equal('Layout');
    expect(board.getAttribute('aria-pressed')).to.equal('false');
    await click(board);
    await until(() => column(app.container, 'In Progress'), 'the board');
    expect(board.getAttribute('aria-pressed')).to.equal('true');
    expect(app.router.state.location.search).to.equal('?layout=board');
    const headings = [...app.container.querySelectorAll('.app-board-column h2')].map((heading) => heading.textContent);
    expect(headings).to.deep.equal(['Backlog1 issue', 'Todo2 issues', 'In Progress0 issues']);
    expect(cardKeys(app.container, 'Todo')).to.deep.equal(['WEB-2', 'WEB-1']);
    expect(app.container.querySelector('ul[aria-label="Issues"]')).to.equal(null);
  });

  it("shows each card's key, title, priority and assignees", async () => {
    const app = await openBoard(boardApi());
    const urgent = card(app.container, 'WEB-2')!;
    expect(urgent.querySelector('a')!.textContent).to.equal('Issue number 2');
    // A member's card shows its properties as the side panel's pickers, the assignees as avatars named for screen readers.
    expect(shown(await property(urgent, 'Priority'))).to.equal('Urgent');
    await until(() => urgent.querySelectorAll('.app-avatar').length === 2, 'the assignees');
    expect(nameOf(await property(urgent, 'Assignees'))).to.equal('Assignees: Ada, Grace');
    expect(nameOf(await property(urgent, 'State'))).to.equal('State: Todo');
    // The same avatar as everywhere else: the initials drawn from the name, in the app's one style.
    expect([...urgent.querySelectorAll('.app-avatar')].map((avatar) => avatar.getAttribute('data-initials'))).to.deep.equal(['A', 'G']);
    expect(shown(await property(card(app.container, 'WEB-1')!, 'Priority'))).to.equal('None');
  });

  it('remembers the board for the project', async () => {
    const first = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: boardApi() });
    await click(await until(() => button(first.container, 'Board'), 'the layout switch'));
    await until(() => column(first.container, 'Todo'), 'the board');
    cleanup();
    const again = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: boardApi() });
    await until(() => cardKeys(again.container, 'Todo').length === 2, 'the board again');
  });

  it('stays a list when another tab picks the board for the project, and opens on the board next time', async () => {
    const clock = fakeClock();
    const first = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: boardApi() });
    await until(() => first.container.querySelector('ul[aria-label="Issues"]'), 'the list');
    // The app in another tab, on the same project, switches to the board.
    localStorage.setItem(layoutStorageKey(PROJECT_ID), 'board');
    // This tab draws its list again (a search): it does not turn into a board under the user.
    await typeInto(field(first.container, 'Search issues'), 'WEB');
    await advance(clock, SEARCH_DEBOUNCE_MS);
    await until(() => first.api.sent('GET', ISSUES).some((request) => request.query.get('search') === 'WEB'), 'the search');
    const drawn = await until(() => first.container.querySelector('ul[aria-label="Issues"]') ?? column(first.container, 'Todo'), 'the issues found');
    expect(drawn.matches('ul[aria-label="Issues"]'), 'still the list').to.equal(true);
    cleanup();
    const again = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: boardApi() });
    await until(() => cardKeys(again.container, 'Todo').length === 2, 'the board on the next visit');
  });

  it('moves a card to the column it is dragged to with one update of its state', async () => {
    const api = boardApi();
    const app = await openBoard(api);
    await drag(card(app.container, 'WEB-2')!, column(app.container, 'In Progress')!);
    await until(() => cardKeys(app.container, 'In Progress').join() === 'WEB-2', 'the card in its new column');
    await until(() => api.sent('PATCH', ISSUE).length === 1, 'the update');
    const [update] = api.sent('PATCH', ISSUE);
    expect(update!.path).to.match(new RegExp(`/issues/${listedIssue(2).id}$`));
    expect(update!.body).to.deep.equal({ state_id: DOING });
    expect(cardKeys(app.container, 'Todo')).to.deep.equal(['WEB-1']);
    expect(app.container.querySelector('.app-board-column[data-state-id="' + DOING + '"] h2')!.textContent).to.equal('In Progress1 issue');
    await until(() => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent === 'WEB-2 moved to In Progress'), 'the announcement');
    expect(app.router.state.location.pathname, 'a drop does not open the issue').to.equal(paths.projectIssues('acme', PROJECT_ID));
    // The card pressed has focus in its new column, so the keys go on from there.
    await until(() => document.activeElement === card(app.container, 'WEB-2')!.querySelector('a'), 'focus on the dropped card', { saw: () => document.activeElement });
    await shiftPress('ArrowLeft');
    await until(() => cardKeys(app.container, 'Todo').includes('WEB-2'), 'moved back by key after the drop');
    expect(api.sent('PATCH', ISSUE)[1]!.body).to.deep.equal({ state_id: STATE_ID });
  });

  it('moves a focused card to the next and previous column with Shift+Arrow keys and announces it', async () => {
    const api = boardApi();
    const app = await openBoard(api);
    card(app.container, 'WEB-1')!.querySelector('a')!.focus();
    await shiftPress('ArrowRight');
    await until(() => cardKeys(app.container, 'In Progress').join() === 'WEB-1', 'the card in the next column');
    await until(() => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent === 'WEB-1 moved to In Progress'), 'the announcement');
    expect(api.sent('PATCH', ISSUE).map((request) => request.body)).to.deep.equal([{ state_id: DOING }]);
    expect(document.activeElement, 'focus stays on the moved card').to.equal(card(app.container, 'WEB-1')!.querySelector('a'));
    await shiftPress('ArrowLeft');
    await until(() => cardKeys(app.container, 'Todo').includes('WEB-1'), 'the card back in Todo');
    await until(() => api.sent('PATCH', ISSUE).length === 2, 'the second update');
    expect(api.sent('PATCH', ISSUE)[1]!.body).to.deep.equal({ state_id: STATE_ID });
    await until(() => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent === 'WEB-1 moved to Todo'), 'the second announcement');
  });

  it('J and K pressed outside the board focus its first and its last card', async () => {
    const app = await openBoard(boardApi());
    const links = () => [...app.container.querySelectorAll<HTMLElement>('.app-board-card a[href]')];
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'j' });
    expect(document.activeElement, 'J').to.equal(links()[0]);
    (document.activeElement as HTMLElement).blur();
    await sendKeys({ press: 'k' });
    expect(document.activeElement, 'K').to.equal(links().at(-1));
  });

  it('walks the cards with the arrows (and J and K) without moving any: down and up a column, and across to the nearest column with cards', async () => {
    const api = boardApi();
    const app = await openBoard(api);
    const link = (key: string) => card(app.container, key)!.querySelector('a');
    const focused = async (key: string, what: string) => until(() => document.activeElement === link(key), `${what}: focus on ${key}`);
    link('WEB-3')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(document.activeElement, 'the only card of its column keeps focus').to.equal(link('WEB-3'));
    await sendKeys({ press: 'ArrowRight' });
    await focused('WEB-2', 'Right Arrow');
    await sendKeys({ press: 'j' });
    await focused('WEB-1', 'J');
    // In Progress has no card and is the last column: focus stays.
    await sendKeys({ press: 'ArrowRight' });
    expect(document.activeElement, 'no card to the right').to.equal(link('WEB-1'));
    await sendKeys({ press: 'ArrowLeft' });
    await focused('WEB-3', 'Left Arrow to the last card of a shorter column');
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowDown' });
    await focused('WEB-1', 'Down Arrow');
    await sendKeys({ press: 'k' });
    await focused('WEB-2', 'K');
    await sendKeys({ press: 'ArrowUp' });
    expect(document.activeElement, 'the first card keeps focus').to.equal(link('WEB-2'));
    // A card's picker keeps its own keys.
    const priority = await property(card(app.container, 'WEB-2')!, 'Priority');
    priority.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(document.activeElement, 'focus stays on the picker').to.equal(priority);
    expect(api.sent('PATCH', ISSUE), 'no card moved').to.deep.equal([]);
    expect([cardKeys(app.container, 'Backlog'), cardKeys(app.container, 'Todo')]).to.deep.equal([['WEB-3'], ['WEB-2', 'WEB-1']]);
  });

  it('scrolls the board while a card is held near its edge, so it can be dropped on a column out of view', async () => {
    await setViewport({ width: 390, height: 800 });
    try {
      const api = boardApi();
      const app = await openBoard(api);
      const board = app.container.querySelector<HTMLElement>('.app-board')!;
      board.scrollLeft = 0;
      const moving = card(app.container, 'WEB-3')!;
      const start = moving.getBoundingClientRect();
      const edge = board.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(start.left + 10), Math.round(start.top + 10)] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [Math.round(edge.right - 10), Math.round(start.top + 20)] });
      const target = column(app.container, 'In Progress')!.closest('section')!;
      await until(() => target.getBoundingClientRect().left + 20 < edge.right - 60, 'the In Progress column scrolled into view');
      const heading = target.querySelector('h2')!.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(Math.max(heading.left + 10, edge.left + 60)), Math.round(heading.top + 8)] });
      await until(() => target.hasAttribute('data-drop-target'), 'the drop target');
      await sendMouse({ type: 'up' });
      await until(() => cardKeys(app.container, 'In Progress').join() === 'WEB-3', 'the card in its new column');
      expect(api.sent('PATCH', ISSUE).map((request) => request.body)).to.deep.equal([{ state_id: DOING }]);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('cancels a drag with Escape', async () => {
    const api = boardApi();
    const app = await openBoard(api);
    const moving = card(app.container, 'WEB-2')!;
    moving.scrollIntoView({ block: 'center', inline: 'center' });
    const start = moving.getBoundingClientRect();
    const heading = column(app.container, 'In Progress')!.closest('section')!.querySelector('h2')!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(start.left + 20), Math.round(start.top + 10)] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round(Math.min(heading.left + 30, innerWidth - 4)), Math.round(heading.top + 8)] });
    await until(() => column(app.container, 'In Progress')!.closest('section')!.hasAttribute('data-drop-target'), 'the drop target');
    await sendKeys({ press: 'Escape' });
    await until(() => !app.container.querySelector('[data-drop-target]'), 'the drag cancelled');
    await sendMouse({ type: 'up' });
    expect(cardKeys(app.container, 'Todo')).to.deep.equal(['WEB-2', 'WEB-1']);
    expect(api.sent('PATCH', ISSUE)).to.deep.equal([]);
  });

  it('shows issues without a known state in a No state column they can leave', async () => {
    const api = boardApi((scene) => (scene.issues = [row(2, STATE_ID), { ...row(1, STATE_ID), state_id: null, state__color: null }]));
    const app = await openBoard2(api);
    expect(app.container.querySelector('.app-board-column h2')!.textContent).to.equal('No state1 issue');
    card(app.container, 'WEB-1')!.querySelector('a')!.focus();
    await shiftPress('ArrowRight');
    await until(() => cardKeys(app.container, 'Backlog').join() === 'WEB-1', 'the card in the first state');
    expect(api.sent('PATCH', ISSUE).map((request) => request.body)).to.deep.equal([{ state_id: BACKLOG }]);
    expect(column(app.container, 'No state'), 'the column goes once empty').to.equal(null);
  });

  it('puts the card back and shows an error when the update fails', async () => {
    const api = boardApi().on('PATCH', ISSUE, () => reply(403, { error: 'You cannot change this issue.' }));
    const app = await openBoard(api);
    await drag(card(app.container, 'WEB-3')!, column(app.container, 'Todo')!);
    await until(() => document.querySelector('.app-toast')?.textContent?.includes('You cannot change this issue.'), 'the error toast');
    await until(() => cardKeys(app.container, 'Backlog').join() === 'WEB-3', 'the card back');
    expect(cardKeys(app.container, 'Todo')).to.deep.equal(['WEB-2', 'WEB-1']);
    expect(api.sent('PATCH', ISSUE)).to.have.length(1);
  });

  it('does not let a viewer move cards, and says why', async () => {
    const api = boardApi((scene) => (scene.projects = [project(10)]));
    const app = await openBoard(api);
    await until(() => app.container.querySelector('.app-board-hint')?.textContent === 'Only members and admins can change issues.', 'the reason');
    const moving = card(app.container, 'WEB-2')!;
    expect(moving.hasAttribute('data-movable')).to.equal(false);
    moving.querySelector('a')!.focus();
    await shiftPress('ArrowRight');
    await until(() => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent === 'Only members and admins can change issues.'), 'the reason announced');
    const start = moving.getBoundingClientRect();
    const heading = column(app.container, 'In Progress')!.closest('section')!.querySelector('h2')!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(start.left + 20), Math.round(start.top + 10)] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round(Math.min(heading.left + 30, innerWidth - 4)), Math.round(heading.top + 8)] });
    await sendMouse({ type: 'up' });
    expect(cardKeys(app.container, 'Todo')).to.deep.equal(['WEB-2', 'WEB-1']);
    expect(api.sent('PATCH', ISSUE)).to.deep.equal([]);
  });

  it('gives an empty property no room on a card at 390 px, where nothing can be hovered to show it', async () => {
    await setViewport({ width: 390, height: 800 });
    try {
      const app = await openBoard(boardApi());
      // WEB-3 has no labels, assignees or date: its card ends with its state and priority.
      const bare = card(app.container, 'WEB-3')!;
      const empty = [...bare.querySelectorAll<HTMLElement>('.app-picker-button[data-empty]')];
      expect(empty.length, 'the empty pickers are there').to.be.above(0);
      for (const picker of empty) expect(picker.getBoundingClientRect().height, picker.textContent ?? '').to.equal(0);
      const meta = bare.querySelector('.app-board-meta')!.getBoundingClientRect();
      const state = bare.querySelector('.app-board-meta .app-picker-button')!.getBoundingClientRect();
      expect(meta.bottom - state.bottom, 'one line of properties').to.be.below(4);
      // A set property still shows: WEB-2's assignees.
      expect(card(app.container, 'WEB-2')!.querySelector('.app-board-assignees')!.getBoundingClientRect().height).to.be.above(0);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('scrolls the columns sideways at 390 px without widening the page', async () => {
    await setViewport({ width: 390, height: 800 });
    try {
      const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: boardApi() });
      await until(() => app.container.querySelector('ul[aria-label="Issues"]'), 'the list');
      const pageWidth = document.documentElement.scrollWidth;
      // A phone's toolbar is one button that shows the layout switch with the other controls.
      await click(button(app.container, 'Filters and display'));
      await click(await until(() => button(app.container, 'Board'), 'the layout switch'));
      const board = await until(() => (column(app.container, 'In Progress') ? app.container.querySelector<HTMLElement>('.app-board') : null), 'the board');
      expect(board.scrollWidth, 'the columns overflow the board').to.be.greaterThan(board.clientWidth);
      expect(board.getBoundingClientRect().right, 'the board stays inside its column').to.be.at.most(board.parentElement!.getBoundingClientRect().right);
      expect(document.documentElement.scrollWidth, 'the board adds no sideways scroll to the page').to.equal(pageWidth);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe on the board in the ${theme} theme`, async () => {
      const app = await openBoard(boardApi());
      document.documentElement.dataset.theme = theme;
      await expectAccessible(app.container);
    });
  }
});

