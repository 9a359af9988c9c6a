import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { paths } from '../../../src/app/router/paths.js';
import { SEARCH_DEBOUNCE_MS } from '../../../src/app/ui/debounce.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { listedIssue, members, OTHER_ID, PROJECT_ID, USER_ID } from './fixtures.js';
import type { ThemeMode } from '../../../src/app/ui/theme.js';
import { click, press, typeInto } from './input.js';
import { closed, listbox, nameOf, option, property, shown } from './pickers.js';
import { gate } from './fake-api.js';
import { button, byText, cleanup, field, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';
import { advance, fakeClock } from './timing.js';
import { addFilter, openDisplay } from './issue-toolbar-input.js';
import { CLEAR_FILTERS, CLEAR_SEARCH, noMatchWords } from '../../../src/app/screens/issues/issue-no-match.js';

const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.app-issue-row')];
const LABEL = { id: '99999999-9999-4999-8999-999999999999', name: 'frontend', color: '#ef4444' };

describe('issue list rows', () => {
  afterEach(cleanup);

  it('never cut a label’s name: the first shows whole, the others are counted and named', async () => {
    const long = { id: '99999999-9999-4999-8999-999999999998', name: 'needs-design-review-before-release', color: '#2563eb' };
    const third = { id: '99999999-9999-4999-8999-999999999997', name: 'backend', color: '#16a34a' };
    const { api } = seededApi((scene) => {
      scene.issues = [
        listedIssue(2, { label_ids: [long.id, LABEL.id, third.id], labels: [long, LABEL, third] }),
        listedIssue(1, { label_ids: [LABEL.id, third.id, long.id], labels: [LABEL, third, long] }),
      ];
    });
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?layout=list`, { api });
    await until(() => rows(app.container).length === 2, 'the issues');
    // A short name stays on one line beside the count: no word is broken while it fits.
    const [short, count] = [...rows(app.container)[1]!.querySelectorAll<HTMLElement>('.app-issue-labels .app-issue-label')];
    expect(short!.textContent).to.equal('frontend');
    expect(short!.getBoundingClientRect().height, 'one line').to.be.at.most(count!.getBoundingClientRect().height + 0.5);
    const cell = rows(app.container)[0]!.querySelector<HTMLElement>('.app-issue-labels')!;
    const [chip, more] = [...cell.querySelectorAll<HTMLElement>('.app-issue-label')];
    expect(chip!.textContent).to.equal(long.name);
    expect(chip!.scrollWidth, 'the whole name is drawn').to.be.at.most(chip!.clientWidth);
    expect(chip!.getBoundingClientRect().right, 'inside its column').to.be.at.most(cell.getBoundingClientRect().right + 0.5);
    expect(chip!.getBoundingClientRect().left, 'inside its column').to.be.at.least(cell.getBoundingClientRect().left - 0.5);
    expect(more!.getAttribute('title')).to.equal('frontend, backend');
    expect(more!.textContent).to.equal('+2, frontend, backend');
    await expectAccessible(app.container);
  });

  it('show the priority icon, labels and assignee initials the server sends', async () => {
    const { api } = seededApi((scene) => {
      scene.issues = [
        listedIssue(2, { priority: 'urgent', label_ids: [LABEL.id], labels: [LABEL], assignee_ids: [USER_ID, OTHER_ID], assignees: members.map(({ role: _, ...user }) => user) }),
        listedIssue(1),
      ];
    });
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 2, 'the issues');
    const [first, second] = rows(app.container);
    // An admin's rows show each property as its picker, named by the field and the value.
    expect([...first!.querySelectorAll('.app-picker-button')].map(nameOf)).to.deep.equal(['State: Todo', 'Priority: Urgent', 'Labels: frontend', 'Assignees: Ada, Grace', 'Target date: No date']);
    expect(shown(await property(second!, 'Priority'))).to.equal('None');
    expect(first!.querySelector('.app-issue-labels')!.textContent).to.contain('frontend');
    expect([...first!.querySelectorAll('.app-avatar')].map((avatar) => avatar.getAttribute('data-initials'))).to.deep.equal(['A', 'G']);
    await expectAccessible(app.container);
  });
});

const ISSUES = '/workspaces/:slug/projects/:projectId/issues';

/** The seeded workspace whose list route searches names and keys as the server does; a search is answered once `searchAnswered` settles, when given. */
function searchingApi(searchAnswered?: Promise<void>) {
  const all = [listedIssue(3, { name: 'Fix the header' }), listedIssue(2, { name: 'Footer links' }), listedIssue(1, { name: 'Header logo' })];
  const { api } = seededApi();
  api.on('GET', ISSUES, async (request) => {
    const search = request.query.get('search')?.toLowerCase();
    if (search && searchAnswered) await searchAnswered;
    const issues = search ? all.filter((issue) => issue.name.toLowerCase().includes(search) || `web-${issue.sequence_id}`.includes(search)) : all;
    return reply(200, issues, { 'x-total-count': String(issues.length) });
  });
  return api;
}

describe('issue search', () => {
  afterEach(cleanup);

  it('sends one request once typing rests, keeps the text in the URL and shows the matches', async () => {
    const clock = fakeClock();
    const api = searchingApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 3, 'the issues');
    const searches = () => api.sent('GET', ISSUES).filter((request) => request.query.has('search')).map((request) => request.query.get('search'));
    // Each key starts the wait again: a pause shorter than the delay between two keys searches nothing.
    await typeInto(field(app.container, 'Search issues'), 'head');
    await advance(clock, SEARCH_DEBOUNCE_MS - 1);
    await typeInto(field(app.container, 'Search issues'), 'er');
    await advance(clock, SEARCH_DEBOUNCE_MS - 1);
    expect(searches(), 'no search until typing has rested').to.deep.equal([]);
    expect(app.location()).to.equal(paths.projectIssues('acme', PROJECT_ID));
    clock.tick(1);
    await until(() => rows(app.container).length === 2, 'the matches', { saw: () => rows(app.container).length });
    expect(searches()).to.deep.equal(['header']);
    expect(rows(app.container).map((row) => row.querySelector('a')!.textContent)).to.deep.equal(['Fix the header', 'Header logo']);
    expect(new URL(app.location(), 'http://x').searchParams.get('search')).to.equal('header');
    await expectAccessible(app.container);
    await click(button(app.container, 'Clear search'));
    // What it saw, if it fails: whether the click cleared the box, the address and the rows.
    const cleared = () => ({ box: field(app.container, 'Search issues').value, location: app.location(), rows: rows(app.container).length, searches: searches() });
    await until(() => rows(app.container).length === 3, 'all issues again', { saw: cleared });
    expect(field(app.container, 'Search issues').value).to.equal('');
  });

  it('keeps the rows shown, and says the list is updating, until the search is answered', async () => {
    const held = gate();
    const api = searchingApi(held.opened);
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 3, 'the issues');
    await typeInto(field(app.container, 'Search issues'), 'header');
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('search') === 'header'), 'the search sent');
    // The last answer stays, busy: no spinner in its place, no jump of the rows under the pointer.
    expect(rows(app.container).length, 'the rows of the last answer').to.equal(3);
    expect(byText(app.container, '[role="status"]', 'Loading issues')).to.equal(null);
    expect(app.container.querySelector('.app-issue-results')!.getAttribute('aria-busy')).to.equal('true');
    expect(byText(app.container, '[role="status"]', 'Updating issues…')).to.not.equal(null);
    held.open();
    await until(() => rows(app.container).length === 2, 'the matches');
    expect(app.container.querySelector('.app-issue-results')!.hasAttribute('aria-busy')).to.equal(false);
    expect(byText(app.container, '[role="status"]', 'Updating issues…')).to.equal(null);
  });

  it('after an answer with nothing, shows the spinner while the next search runs, not the last answer’s message', async () => {
    const held = gate();
    const api = searchingApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?search=zzz`, { api });
    await until(() => byText(app.container, '[role="status"]', 'No issues match “zzz”'), 'the empty message');
    api.on('GET', ISSUES, async () => {
      await held.opened;
      return reply(200, [listedIssue(3, { name: 'Fix the header' })], { 'x-total-count': '1' });
    });
    const box = field(app.container, 'Search issues');
    box.focus();
    box.select();
    await typeInto(box, 'header');
    await until(() => api.sent('GET', ISSUES).some((request) => request.query.get('search') === 'header'), 'the search sent');
    expect(byText(app.container, '[role="status"]', 'No issues match')).to.equal(null);
    expect(byText(app.container, '[role="status"]', 'Loading issues…')).to.not.equal(null);
    held.open();
    await until(() => rows(app.container).length === 1, 'the match');
  });

  it('searches by key, and says when nothing matches', async () => {
    const api = searchingApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?search=web-2`, { api });
    await until(() => rows(app.container).length === 1, 'the match by key');
    expect(field(app.container, 'Search issues').value).to.equal('web-2');
    await typeInto(field(app.container, 'Search issues'), 'zzz');
    await until(() => byText(app.container, '[role="status"]', 'No issues match'), 'the empty message');
    // A muted note, styled by the screen itself (not by styles another screen happened to load).
    const note = byText(app.container, '[role="status"]', 'No issues match')!;
    const muted = app.container.appendChild(document.createElement('span'));
    muted.style.color = 'var(--app-muted)';
    expect(getComputedStyle(note).color).to.equal(getComputedStyle(muted).color);
    muted.remove();
  });

  it('offers one way to clear the search, its own button: the engine’s × of a search field is not drawn', async () => {
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api: searchingApi() });
    await until(() => rows(app.container).length === 3, 'the issues');
    const box = field(app.container, 'Search issues');
    await typeInto(box, 'header');
    await until(() => button(app.container, 'Clear search'), 'the box’s own Clear button');
    // A click where Chromium and WebKit draw their × (the end of the text area) only puts the caret there.
    const edge = box.getBoundingClientRect();
    const style = getComputedStyle(box);
    const x = edge.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) - 4;
    await sendMouse({ type: 'click', position: [Math.round(x), Math.round(edge.top + edge.height / 2)] });
    expect(document.activeElement).to.equal(box);
    expect(box.value, 'the text kept').to.equal('header');
  });

  it('says the filters hide a match of the search too, and clears them with the keyboard: the match shows, focused', async () => {
    const api = narrowingApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?search=pricing`, { api });
    await until(() => rows(app.container).length === 1, 'the match');
    await addFilter(app.container, 'State');
    await click(option(await listbox(), 'Todo'));
    await press('Escape');
    await closed();
    const block = await until(() => noMatch(app.container), 'the empty answer');
    expect(block.querySelector('[role="status"]')!.textContent).to.equal(noMatchWords({ search: 'pricing', filtered: true }));
    expect([...block.querySelectorAll('button')].map((item) => item.textContent)).to.deep.equal([CLEAR_FILTERS, CLEAR_SEARCH]);
    await expectAccessible(app.container);
    // Reached with Tab after the toolbar, pressed with Enter.
    button(app.container, 'Save view')!.focus();
    await press('Tab');
    expect(document.activeElement).to.equal(button(block, CLEAR_FILTERS));
    await press('Enter');
    await until(() => rows(app.container).length === 1, 'the match the filter hid');
    expect(rows(app.container)[0]!.textContent).to.contain('Pricing page');
    expect(new URL(app.location(), location.origin).searchParams.has('state'), 'the filter cleared').to.equal(false);
    expect(field(app.container, 'Search issues').value, 'the search kept').to.equal('pricing');
    expect(app.container.querySelector('.app-filter-chip'), 'no chip left').to.equal(null);
    await until(() => document.activeElement === rows(app.container)[0]!.querySelector('a'), 'focus on the match', { saw: () => document.activeElement });
  });

  it('offers only the search’s button once the filters are cleared and nothing matches still, focused, then every issue', async () => {
    const api = narrowingApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?state=${DOING}&search=zzz`, { api });
    const block = await until(() => noMatch(app.container), 'the empty answer');
    await click(button(block, CLEAR_FILTERS));
    const searched = await until(() => (noMatch(app.container)?.textContent?.includes(noMatchWords({ search: 'zzz', filtered: false })) ? noMatch(app.container) : null), 'the search’s own empty answer');
    expect([...searched.querySelectorAll('button')].map((item) => item.textContent)).to.deep.equal([CLEAR_SEARCH]);
    await until(() => document.activeElement === button(searched, CLEAR_SEARCH), 'focus on Clear search', { saw: () => document.activeElement });
    await press('Enter');
    await until(() => rows(app.container).length === 3, 'every issue');
    expect(field(app.container, 'Search issues').value).to.equal('');
    await until(() => document.activeElement === rows(app.container)[0]!.querySelector('a'), 'focus on the first issue', { saw: () => document.activeElement });
  });

  it('without a search, blames the filters alone and offers to clear them', async () => {
    const filtered = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?priority=urgent`, { api: narrowingApi() });
    const only = await until(() => noMatch(filtered.container), 'the filters’ empty answer');
    expect(only.querySelector('[role="status"]')!.textContent).to.equal('No issues match the filters.');
    expect([...only.querySelectorAll('button')].map((item) => item.textContent)).to.deep.equal([CLEAR_FILTERS]);
  });
});

const DOING = '77777777-7777-4777-8777-777777777777';

/** The empty answer's block: why nothing shows, and its clear buttons. */
const noMatch = (root: ParentNode) => root.querySelector<HTMLElement>('.app-no-match');

/** Three issues, "Pricing page" alone In Progress, the others in Todo, answered as the server filters them by state, priority and search. */
function narrowingApi() {
  const inProgress = { state_id: DOING, state__name: 'In Progress', state__group: 'started', state__color: '#3b82f6' };
  const all = [listedIssue(3, { name: 'Checkout crashes' }), listedIssue(2, { ...inProgress, name: 'Pricing page' }), listedIssue(1, { name: 'Footer links' })];
  const { api } = seededApi();
  api.on('GET', ISSUES, (request) => {
    const [states, priorities, search] = ['state', 'priority', 'search'].map((name) => request.query.get(name) ?? '');
    const issues = all.filter(
      (issue) =>
        (!states || states.split(',').includes(issue.state_id ?? '')) &&
        (!priorities || priorities.split(',').includes(issue.priority)) &&
        (!search || issue.name.toLowerCase().includes(search.toLowerCase())),
    );
    return reply(200, issues, { 'x-total-count': String(issues.length) });
  });
  return api;
}
const [ada, grace] = members.map(({ role: _, ...user }) => user);

/** Four issues: three In Progress (a state the app knows only from the rows), one Todo. */
const BUG = { id: '99999999-0000-4000-8000-0000000000b1', name: 'Bug', color: '#ef4444' };
const UI = { id: '99999999-0000-4000-8000-0000000000b2', name: 'UI', color: '#3b82f6' };

function groupingApi() {
  const inProgress = { state_id: DOING, state__name: 'In Progress', state__group: 'started', state__color: '#3b82f6' };
  const { api } = seededApi((scene) => {
    scene.issues = [
      listedIssue(4, { ...inProgress, priority: 'urgent', assignee_ids: [USER_ID], assignees: [ada!], label_ids: [BUG.id], labels: [BUG] }),
      listedIssue(3, { ...inProgress, assignee_ids: [USER_ID, OTHER_ID], assignees: [ada!, grace!], label_ids: [UI.id, BUG.id], labels: [UI, BUG] }),
      listedIssue(2, { priority: 'high' }),
      listedIssue(1, inProgress),
    ];
  });
  return api;
}


const headings = (root: ParentNode) => [...root.querySelectorAll<HTMLButtonElement>('.app-issue-group-toggle')];
const headingTexts = (root: ParentNode) => headings(root).map((heading) => heading.textContent);

describe('issue grouping', () => {
  afterEach(cleanup);

  it('groups by state, priority, assignee and label under headings with counts, the "No …" groups last, kept in the URL', async () => {
    const api = groupingApi();
    const app = renderApp(paths.projectIssues('acme', PROJECT_ID), { api });
    await until(() => rows(app.container).length === 4, 'the issues');
    const groupBy = field<HTMLSelectElement>(await openDisplay(app.container), 'Group by');
    expect([...groupBy.options].map((option) => option.textContent)).to.deep.equal(['None', 'State', 'Priority', 'Assignee', 'Labels']);
    const choose = async (value: string) => {
      groupBy.value = value;
      groupBy.dispatchEvent(new Event('change', { bubbles: true }));
      await until(() => new URL(app.location(), 'http://x').searchParams.get('group') === value, `?group=${value}`);
    };
    await choose('state');
    await until(() => headings(app.container).length === 2, 'the state groups');
    expect(headingTexts(app.container)).to.deep.equal(['Todo · 1', 'In Progress · 3']);
    await choose('priority');
    await until(() => headingTexts(app.container).join() === 'Urgent · 1,High · 1,No priority · 2', 'the priority groups');
    await choose('assignee');
    await until(() => headingTexts(app.container).join() === 'Ada · 2,Grace · 1,No assignee · 2', 'the assignee groups');
    expect(rows(app.container)).to.have.length(5, 'an issue shows under each of its assignees');
    await choose('labels');
    await until(() => headingTexts(app.container).join() === 'Bug · 2,UI · 1,No label · 2', 'the label groups');
    expect(rows(app.container)).to.have.length(5, 'an issue shows under each of its labels');
  });

  it('shows the state and priority icons in the group headings, as the rows do, without adding to their names', async () => {
    const api = groupingApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?group=state`, { api });
    await until(() => headings(app.container).length === 2, 'the state groups');
    const stateIcons = headings(app.container).map((heading) => heading.querySelector('.app-state-icon'));
    expect(stateIcons.map((icon) => icon?.getAttribute('data-group'))).to.deep.equal(['unstarted', 'started']);
    expect(stateIcons.map((icon) => icon?.getAttribute('aria-label') ?? null)).to.deep.equal([null, null]);
    expect(stateIcons[1]!.querySelector('svg')!.getAttribute('stroke')).to.equal('#3b82f6');
    const field = (await openDisplay(app.container)).querySelector<HTMLSelectElement>('select')!;
    field.value = 'priority';
    field.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => headingTexts(app.container).join() === 'Urgent · 1,High · 1,No priority · 2', 'the priority groups');
    const priorityIcons = headings(app.container).map((heading) => heading.querySelector('.app-priority-icon'));
    expect(priorityIcons.map((icon) => icon?.getAttribute('data-priority'))).to.deep.equal(['urgent', 'high', 'none']);
    expect(priorityIcons.map((icon) => icon?.getAttribute('aria-label') ?? null)).to.deep.equal([null, null, null]);
    await expectAccessible(app.container);
  });

  it('collapses and expands a group with its heading button', async () => {
    const api = groupingApi();
    const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?group=state`, { api });
    await until(() => headings(app.container).length === 2, 'the groups');
    const inProgress = headings(app.container)[1]!;
    expect(inProgress.getAttribute('aria-expanded')).to.equal('true');
    await click(inProgress);
    await until(() => inProgress.getAttribute('aria-expanded') === 'false', 'collapsed');
    expect(rows(app.container)).to.have.length(1);
    expect(document.getElementById(inProgress.getAttribute('aria-controls')!)!.hidden).to.equal(true);
    await click(inProgress);
    await until(() => rows(app.container).length === 4, 'expanded again');
  });

  for (const theme of ['light', 'dark'] as ThemeMode[]) {
    it(`passes axe on the grouped list in the ${theme} theme`, async () => {
      const api = groupingApi();
      const app = renderApp(`${paths.projectIssues('acme', PROJECT_ID)}?group=assignee`, { api, themeMode: theme });
      await until(() => headings(app.container).length === 3, 'the groups');
      await click(headings(app.container)[2]!);
      await until(() => rows(app.container).length === 3, 'one group collapsed');
      await expectAccessible(app.container);
    });
  }
});

describe('moving between an issue list’s rows with the keyboard', () => {
  afterEach(cleanup);

  const LIST = `${paths.projectIssues('acme', PROJECT_ID)}?layout=list`;
  const linkOf = (row: HTMLElement | undefined) => row?.querySelector<HTMLElement>('a[href]') ?? null;
  /** The app's list of `issues`, once drawn. */
  async function listOf(issues: ReturnType<typeof listedIssue>[], url = LIST) {
    const { api } = seededApi((scene) => {
      scene.issues = issues;
    });
    const app = renderApp(url, { api });
    await until(() => rows(app.container).length === issues.length, 'the issues');
    return () => rows(app.container);
  }

  it('Down and Up Arrow, and J and K, move focus to the same control of the next and the previous row', async () => {
    const shown = await listOf([listedIssue(3), listedIssue(2), listedIssue(1)]);
    linkOf(shown()[0])!.focus();
    await press('ArrowDown');
    expect(document.activeElement, 'Down Arrow').to.equal(linkOf(shown()[1]));
    await press('j');
    expect(document.activeElement, 'J').to.equal(linkOf(shown()[2]));
    // The last row keeps focus.
    await press('ArrowDown');
    expect(document.activeElement, 'past the last row').to.equal(linkOf(shown()[2]));
    await press('k');
    expect(document.activeElement, 'K').to.equal(linkOf(shown()[1]));
    await press('ArrowUp');
    expect(document.activeElement, 'Up Arrow').to.equal(linkOf(shown()[0]));
    // The same column: a picker to the picker below, a checkbox to the checkbox below.
    (await property(shown()[0]!, 'State')).focus();
    await press('ArrowDown');
    expect(document.activeElement, 'the State picker below').to.equal(await property(shown()[1]!, 'State'));
    shown()[1]!.querySelector<HTMLElement>('.app-issue-select')!.focus();
    await press('ArrowUp');
    expect(document.activeElement, 'the checkbox above').to.equal(shown()[0]!.querySelector('.app-issue-select'));
  });

  it('J and K pressed outside the list focus its first and its last issue; Down Arrow there still scrolls', async () => {
    const shown = await listOf([listedIssue(3), listedIssue(2), listedIssue(1)]);
    (document.activeElement as HTMLElement | null)?.blur();
    await press('ArrowDown');
    expect(document.activeElement, 'Down Arrow enters no list').to.equal(document.body);
    await press('j');
    expect(document.activeElement, 'J from the page').to.equal(linkOf(shown()[0]));
    expect(document.activeElement!.hasAttribute('data-list-entry')).to.equal(true);
    await press('j');
    expect(document.activeElement, 'and on down the list').to.equal(linkOf(shown()[1]));
    const filter = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Filter')!;
    filter.focus();
    await press('k');
    expect(document.activeElement, 'K from a button outside the list').to.equal(linkOf(shown()[2]));
  });

  it('Enter on a row opens the issue with focus on the page\'s main region, and Back returns it there', async () => {
    const { api } = seededApi((scene) => {
      scene.issues = [listedIssue(2), listedIssue(1)];
    });
    const app = renderApp(LIST, { api });
    await until(() => rows(app.container).length === 2, 'the issues');
    linkOf(rows(app.container)[0])!.focus();
    await press('Enter');
    await until(() => document.activeElement?.id === 'main' && !app.container.querySelector('.app-issue-row'), 'the issue page, focus on its main region');
    await app.router.navigate(-1);
    await until(() => rows(app.container).length === 2, 'the list again');
    await until(() => document.activeElement?.id === 'main', 'focus on the main region');
  });

  it('go from the last row of a group to the first of the next', async () => {
    const shown = await listOf([listedIssue(3, { priority: 'urgent' }), listedIssue(2, { priority: 'urgent' }), listedIssue(1, { priority: 'low' })], `${LIST}&group=priority`);
    expect(document.querySelectorAll('.app-issue-list').length, 'two groups').to.equal(2);
    linkOf(shown()[1])!.focus();
    await press('ArrowDown');
    expect(document.activeElement).to.equal(linkOf(shown()[2]));
    await press('ArrowUp');
    expect(document.activeElement).to.equal(linkOf(shown()[1]));
  });

  it('leave the keys of a picker a row opened to the picker', async () => {
    const shown = await listOf([listedIssue(2), listedIssue(1)]);
    await click(await property(shown()[0]!, 'State'));
    await until(() => document.activeElement?.getAttribute('role') === 'combobox', 'the picker’s filter focused');
    const filter = document.activeElement;
    await press('ArrowDown');
    await press('j');
    expect(document.activeElement, 'focus stays in the picker').to.equal(filter);
    expect((filter as HTMLInputElement).value, 'J typed into the filter').to.equal('j');
  });

  it('are listed in the keyboard shortcuts', async () => {
    await listOf([listedIssue(1)]);
    await press('?');
    const dialog = await until(() => document.querySelector<HTMLElement>('[role="dialog"]'), 'the shortcuts dialog');
    const line = (label: string) => [...dialog.querySelectorAll('li')].find((item) => item.textContent!.startsWith(label))?.textContent;
    expect(line('Next issue')).to.equal('Next issue in a list or a board columnJ or ↓');
    expect(line('Previous issue')).to.equal('Previous issue in a list or a board columnK or ↑');
    expect(line('Card in the previous')).to.equal('Card in the previous board column←');
    expect(line('Card in the next')).to.equal('Card in the next board column→');
    expect(line('Move a card to the previous')).to.equal('Move a card to the previous board columnShift + ←');
    expect(line('Move a card to the next')).to.equal('Move a card to the next board columnShift + →');
  });
});
