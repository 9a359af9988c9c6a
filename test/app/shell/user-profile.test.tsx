import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { Activity, IssueRow, MemberSummary } from '../../../src/app/api/types.js';
import { EMPTY_STATES } from '../../../src/app/empty-states/index.js';
import { paths } from '../../../src/app/router/paths.js';
import { Role } from '../../../src/app/roles.js';
import { PROFILE_TABS } from '../../../src/app/screens/profile/profile-tabs.js';
import { PROFILE_ACTIVITY_PAGE_SIZE } from '../../../src/app/screens/user-profile-screen.js';
import { expectAccessible } from '../../helpers/element-ui.js';
import { activityPages, activityRow } from './activity-fixtures.js';
import { listedIssue, members, OTHER_ID, PROJECT_ID, USER_ID, workspace } from './fixtures.js';
import { gate, type FakeApi } from './fake-api.js';
import { click, press } from './input.js';
import { button, byText, cleanup, renderApp, reply, until } from './render.js';
import { seededApi } from './seeded-api.js';

const SUMMARY = '/workspaces/:slug/members/:userId/summary';
const TAB_ISSUES = '/workspaces/:slug/issues';
const ACTIVITIES = '/workspaces/:slug/activities';
const GRACE = members[1]!;

/** Grace's issues: five assigned (two of them done), one created, none subscribed. */
const SUMMARY_OF_GRACE: MemberSummary = {
  assigned_issues: 5,
  created_issues: 1,
  subscribed_issues: 0,
  states: { backlog_issues: 1, unstarted_issues: 0, started_issues: 2, completed_issues: 2, cancelled_issues: 0, total_issues: 5 },
  priorities: { urgent: 1, high: 2, medium: 0, low: 0, none: 2 },
};
const LISTS: Record<string, IssueRow[]> = { assigned: [listedIssue(1), listedIssue(2)], created: [listedIssue(3)], subscribed: [] };

/** A workspace where Grace has the summary, lists and activity above (or `rows`). */
function profileApi(rows: Activity[] = [activityRow(1), activityRow(2, { field: 'name', old_value: 'Old', new_value: 'Issue number 2' })]): FakeApi {
  const { api } = seededApi();
  api
    .on('GET', SUMMARY, (request) => (request.params.userId === GRACE.id ? SUMMARY_OF_GRACE : reply(404, { error: 'Member not found.' })))
    .on('GET', TAB_ISSUES, (request) => {
      const issues = request.query.get('user') === GRACE.id ? (LISTS[request.query.get('tab')!] ?? []) : [];
      return reply(200, issues, { 'x-total-count': String(issues.length) });
    })
    .on('GET', ACTIVITIES, activityPages(() => rows));
  return api;
}

async function openProfile(api: FakeApi, tab?: string) {
  const app = renderApp(paths.userProfile('acme', OTHER_ID, tab), { api });
  await until(() => tabs(app.container).length === PROFILE_TABS.length, 'the profile tabs');
  return app;
}

const tabs = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>(`[role="tablist"][aria-label="Profile of ${GRACE.display_name}"] [role="tab"]`)];
const selected = (root: ParentNode) => tabs(root).find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
const panel = (root: ParentNode) => root.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]')!;
/** Each bar of a list of bars, as assistive technology reads it. */
const bars = (root: ParentNode, label: string) =>
  [...root.querySelectorAll(`ul[aria-label="${label}"] [role="progressbar"]`)].map((bar) => [document.getElementById(bar.getAttribute('aria-labelledby')!)!.textContent, bar.getAttribute('aria-valuetext')]);

describe('a member profile', () => {
  afterEach(cleanup);

  it('opens on the summary: counts of their issues, and the assigned ones by state group and by priority', async () => {
    const api = profileApi();
    const app = await openProfile(api);
    expect(app.container.querySelector('h1')!.textContent).to.equal(GRACE.display_name);
    expect(tabs(app.container).map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).to.deep.equal(PROFILE_TABS.map((entry) => [entry.label, String(entry.tab === 'summary')]));
    await until(() => panel(app.container).querySelector('dl'), 'the summary');
    const totals = [...panel(app.container).querySelectorAll('dl > div')].map((entry) => [entry.querySelector('dt')!.textContent, entry.querySelector('dd')!.textContent]);
    expect(totals).to.deep.equal([['Assigned', '5'], ['Completed', '2'], ['Created', '1'], ['Subscribed', '0']]);
    expect(bars(app.container, 'Assigned issues by state')).to.deep.equal([
      ['Backlog', '1 of 5 (20%)'],
      ['Unstarted', '0 of 5 (0%)'],
      ['Started', '2 of 5 (40%)'],
      ['Completed', '2 of 5 (40%)'],
      ['Cancelled', '0 of 5 (0%)'],
    ]);
    expect(bars(app.container, 'Assigned issues by priority')).to.deep.equal([
      ['Urgent', '1 of 5 (20%)'],
      ['High', '2 of 5 (40%)'],
      ['Medium', '0 of 5 (0%)'],
      ['Low', '0 of 5 (0%)'],
      ['None', '2 of 5 (40%)'],
    ]);
    expect(api.sent('GET', SUMMARY).map((request) => request.path)).to.deep.equal([`/api/workspaces/acme/members/${OTHER_ID}/summary`]);
    await expectAccessible(app.container);
  });

  it('moves between the tabs with the keyboard: their assigned, created and subscribed issues, each tab in the address', async () => {
    const api = profileApi();
    const app = await openProfile(api);
    tabs(app.container)[0]!.focus();
    await press('ArrowRight');
    await until(() => panel(app.container).querySelector(`ul[aria-label="Assigned issues of ${GRACE.display_name}"]`), 'the assigned issues');
    expect(document.activeElement).to.equal(tabs(app.container)[1]);
    expect(app.location()).to.equal(paths.userProfile('acme', OTHER_ID, 'assigned'));
    const keys = () => [...panel(app.container).querySelectorAll('.app-issue-key')].map((key) => key.textContent);
    expect(keys()).to.deep.equal(['WEB-1', 'WEB-2']);
    const [sent] = api.sent('GET', TAB_ISSUES);
    expect([sent!.query.get('tab'), sent!.query.get('user')]).to.deep.equal(['assigned', GRACE.id]);

    await press('ArrowRight');
    await until(() => selected(app.container) === 'Created' && keys().join() === 'WEB-3', 'the created issues');
    await press('ArrowRight');
    const empty = await until(() => panel(app.container).querySelector('.empty-state'), 'the subscribed empty state');
    expect(empty.getAttribute('data-empty-state')).to.equal('profile-subscribed');
    expect(empty.querySelector('h2')!.textContent).to.equal(EMPTY_STATES['profile-subscribed'].title);
    await press('Home');
    await until(() => selected(app.container) === 'Summary' && app.location() === paths.userProfile('acme', OTHER_ID), 'back on the summary, the address without a tab');
    await press('End');
    await until(() => selected(app.container) === 'Activity' && app.location() === paths.userProfile('acme', OTHER_ID, 'activity'), 'the activity');
  });

  it('shows what they did across my projects, newest first, with more on demand, each sentence linking its issue', async () => {
    const rows = Array.from({ length: PROFILE_ACTIVITY_PAGE_SIZE + 2 }, (_, i) => activityRow(i + 1));
    const api = profileApi(rows);
    const app = await openProfile(api);
    await click(byText(app.container, '[role="tab"]', 'Activity'));
    const feed = await until(() => panel(app.container).querySelector<HTMLElement>(`ol[aria-label="Activity of ${GRACE.display_name}"]`), 'the activity');
    const sentences = () => [...feed.querySelectorAll('li')].map((item) => item.textContent);
    expect(sentences()).to.have.length(PROFILE_ACTIVITY_PAGE_SIZE);
    expect(sentences()[0]).to.equal('Grace set the priority of WEB-1 Issue number 1 to High. 1 hour ago');
    const first = api.sent('GET', ACTIVITIES)[0]!;
    expect([first.query.get('actor'), first.query.get('limit'), first.query.get('before')]).to.deep.equal([GRACE.id, String(PROFILE_ACTIVITY_PAGE_SIZE), null]);
    await click(button(panel(app.container), 'Show more activity'));
    await until(() => sentences().length === rows.length, 'the next page');
    expect(api.sent('GET', ACTIVITIES).at(-1)!.query.get('before')).to.equal(rows[PROFILE_ACTIVITY_PAGE_SIZE - 1]!.id);
    await expectAccessible(app.container);
    await click(byText(feed, 'a', 'WEB-2 Issue number 2'));
    await until(() => app.location() === paths.issue('acme', PROJECT_ID, listedIssue(2).id), 'the issue page');
  });

  it("shows each tab's empty state from the catalogue when the member has nothing there", async () => {
    const api = profileApi([]);
    api.on('GET', SUMMARY, () => ({ ...SUMMARY_OF_GRACE, assigned_issues: 0, created_issues: 0, subscribed_issues: 0 }));
    api.on('GET', TAB_ISSUES, () => reply(200, [], { 'x-total-count': '0' }));
    const app = await openProfile(api);
    for (const entry of PROFILE_TABS) {
      await click(tabs(app.container).find((tab) => tab.textContent === entry.label)!);
      const empty = await until(() => panel(app.container).querySelector(`[data-empty-state="${entry.empty}"]`), `the ${entry.label} empty state`);
      expect(empty.querySelector('h2')!.textContent).to.equal(EMPTY_STATES[entry.empty].title);
    }
    await expectAccessible(app.container);
  });

  it('says it is loading, then shows the server’s error with a way to try again', async () => {
    const api = profileApi();
    const held = gate();
    let failing = true;
    api.on('GET', SUMMARY, async () => {
      await held.opened;
      return failing ? reply(500, { error: 'The summary could not be read.' }) : SUMMARY_OF_GRACE;
    });
    const app = await openProfile(api);
    await until(() => byText(panel(app.container), '[role="status"]', 'Loading the summary…'), 'the loading state');
    held.open();
    const alert = await until(() => byText(panel(app.container), '[role="alert"]', 'The summary could not be read.'), 'the failure');
    failing = false;
    await click(button(alert, 'Try again'));
    await until(() => panel(app.container).querySelector('dl'), 'the summary, read again');
  });

  it('opens the tab its address names', async () => {
    const app = await openProfile(profileApi(), 'created');
    expect(selected(app.container)).to.equal('Created');
    await until(() => panel(app.container).querySelector(`ul[aria-label="Created issues of ${GRACE.display_name}"]`), 'the created issues');
  });

  it('opens a profile whose address has the id in capitals, and puts the id as the profile has it in the address', async () => {
    const hedy = { ...GRACE, id: 'cccccccc-dddd-4eee-8fff-aaaaaaaaaaaa', display_name: 'Hedy', first_name: 'Hedy' };
    const api = profileApi()
      .on('GET', '/workspaces/:slug/members', () => [...members, hedy])
      .on('GET', SUMMARY, () => SUMMARY_OF_GRACE);
    const app = renderApp(paths.userProfile('acme', hedy.id.toUpperCase(), 'created'), { api });
    await until(() => app.container.querySelector('h1')?.textContent === 'Hedy', 'the profile');
    await until(() => app.location() === paths.userProfile('acme', hedy.id, 'created'), 'the address with the id in lower case', { saw: () => app.location() });
    expect(app.container.querySelector('[role="tablist"][aria-label="Profile of Hedy"] [aria-selected="true"]')!.textContent).to.equal('Created');
    await until(() => api.sent('GET', TAB_ISSUES).length > 0, 'the created issues asked for');
    expect(api.sent('GET', TAB_ISSUES).map((request) => request.query.get('user'))).to.deep.equal([hedy.id]);
  });

  it('shows the summary for a tab it does not have, and takes that tab out of the address', async () => {
    const app = await openProfile(profileApi(), 'bogus');
    expect(selected(app.container)).to.equal('Summary');
    await until(() => app.location() === paths.userProfile('acme', OTHER_ID), 'the address without the tab', { saw: () => app.location() });
    await until(() => panel(app.container).querySelector('dl'), 'the summary');
  });

  it("tells a reader who opens only some projects that the member's issues may be in others", async () => {
    /** The workspace as a viewer reads it, where nobody has issues the viewer can open. */
    const viewerApi = () =>
      profileApi([])
        .on('GET', '/workspaces/:slug', () => workspace(Role.Viewer))
        .on('GET', SUMMARY, () => ({ ...SUMMARY_OF_GRACE, assigned_issues: 0, created_issues: 0, subscribed_issues: 0 }))
        .on('GET', TAB_ISSUES, () => reply(200, [], { 'x-total-count': '0' }));
    const app = await openProfile(viewerApi());
    for (const entry of PROFILE_TABS) {
      await click(tabs(app.container).find((tab) => tab.textContent === entry.label)!);
      const empty = await until(() => panel(app.container).querySelector(`[data-empty-state="${entry.empty}"]`), `the ${entry.label} empty state`);
      const words = EMPTY_STATES[entry.empty].limited!;
      expect([empty.querySelector('h2')!.textContent, empty.querySelector('p')!.textContent]).to.deep.equal([words.title, words.description]);
    }
    expect(EMPTY_STATES['profile-summary'].limited!.description).to.equal('None of this member’s issues are in projects you can open.');
    await expectAccessible(app.container);
    cleanup();

    // Their own profile holds all of their issues they can open: the usual words.
    const own = renderApp(paths.userProfile('acme', USER_ID), { api: viewerApi() });
    const empty = await until(() => own.container.querySelector('[data-empty-state="profile-summary"]'), 'their own empty summary');
    expect(empty.querySelector('h2')!.textContent).to.equal(EMPTY_STATES['profile-summary'].title);
  });

  describe('on a phone (390×844)', () => {
    beforeEach(() => setViewport({ width: 390, height: 844 }));
    afterEach(() => setViewport({ width: 800, height: 600 }));

    /** Text of the screen's main column set flush against the screen's edge, outside anything that scrolls sideways. */
    const flush = (root: HTMLElement) =>
      [...root.querySelectorAll<HTMLElement>('.app-main-column :is(h1, h2, p, a, button, dt, dd, li)')]
        .filter((element) => element.getClientRects().length > 0 && !element.closest('[role="tablist"]'))
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < 8 || box.right > 390 - 8;
        })
        .map((element) => element.textContent);

    for (const themeMode of ['light', 'dark'] as const) {
      it(`keeps the page within the screen in the ${themeMode} theme: the tabs scroll on their own, each tall enough to tap`, async () => {
        const app = renderApp(paths.userProfile('acme', OTHER_ID), { api: profileApi(), themeMode });
        await until(() => panel(app.container).querySelector('dl'), 'the summary');
        expect(document.documentElement.scrollWidth, 'no sideways scrolling of the page').to.be.at.most(390);
        expect(app.container.querySelectorAll('.app-main-column dd'), 'the summary is in the main column').to.have.length(4);
        expect(flush(app.container)).to.deep.equal([]);
        const list = app.container.querySelector<HTMLElement>('[role="tablist"]')!;
        expect(getComputedStyle(list).overflowX).to.equal('auto');
        for (const tab of tabs(app.container)) expect(tab.getBoundingClientRect().height).to.be.at.least(44);
        const columns = getComputedStyle(app.container.querySelector('.app-profile-breakdowns')!).gridTemplateColumns.split(' ');
        expect(columns, 'the breakdowns one under the other').to.have.length(1);
        await expectAccessible(app.container);
        await click(tabs(app.container).at(-1)!);
        await until(() => panel(app.container).querySelector('ol'), 'the activity');
        expect(document.documentElement.scrollWidth).to.be.at.most(390);
        expect(flush(app.container)).to.deep.equal([]);
        await expectAccessible(app.container);
      });
    }
  });
});
