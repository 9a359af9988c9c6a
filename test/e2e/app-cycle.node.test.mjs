// The current cycle's panels and the "My issues" home end to end: the built app on the real API
// server in a real browser. Issues put in a cycle and one completed through the API show in the
// cycle's burn-down (its summary and its table of daily numbers) and on the assignee's home,
// grouped by state group. Fails on any page or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { APP_LOADED, onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { click, signInWithCookie, waitFor, waitForPath } from './helpers/ui.mjs';

let server;
let browser;
const world = {};

/** 'YYYY-MM-DD' (UTC) `offset` days from today, as the server counts days. */
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

before(async () => {
  ({ server, browser } = await startTeamApp(world));
  const { ada, bob, projectPath } = world;
  world.cycle = await ada.request('POST', `${projectPath}/cycles`, { name: 'Sprint 1', start_date: day(-2), end_date: day(7) });
  const issue = (name) => ada.request('POST', `${projectPath}/issues`, { name, assignee_ids: [bob.user.id] });
  world.issues = [await issue('Fix the footer'), await issue('Write the FAQ'), await issue('Not planned yet')];
  await ada.request('POST', `${projectPath}/cycles/${world.cycle.id}/cycle-issues`, { issues: world.issues.slice(0, 2).map((item) => item.id) });
  const states = await ada.request('GET', `${projectPath}/states`);
  const done = states.find((state) => state.group === 'completed');
  await ada.request('PATCH', `${projectPath}/issues/${world.issues[0].id}`, { state_id: done.id });
});

after(() => stopTeamApp({ server, browser }));

test("the current cycle's burn-down and the assignee's home show the same issues", async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/cycles/${world.cycle.id}`, APP_LOADED);
    const summary = await waitFor(page, 'the burn-down', () => document.querySelector('.app-cycle-panels svg[role="img"]')?.getAttribute('aria-label'));
    const format = (iso) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    assert.equal(await summary.jsonValue(), `Burn-down: on ${format(day(0))}, 1 of 2 issues remaining (1 completed); the scope went from 0 issues on ${format(day(-2))} to 2 issues.`);
    const table = await page.$$eval('.app-cycle-panels table tbody tr', (rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));
    assert.deepEqual(table, [
      [format(day(-2)), '0', '0', '0'],
      [format(day(-1)), '0', '0', '0'],
      [format(day(0)), '2', '1', '1'],
    ]);
    const headings = await page.$$eval('.app-cycle-panel > h2', (all) => all.map((h) => h.textContent));
    assert.deepEqual(headings, ['Progress', 'Burn-down', 'Priority', 'Assignees', 'Labels']);
    // No issue has a label or a priority: those panels show their empty states.
    const empty = await page.$$eval('.app-cycle-panel .empty-state', (all) => all.map((state) => state.getAttribute('data-empty-state')));
    assert.deepEqual(empty, ['active-cycle-priority', 'active-cycle-labels']);

    await page.goto(`${server.base}/acme`, APP_LOADED);
    await waitFor(page, 'my issues', () => document.querySelectorAll('.app-my-issues-group').length === 2);
    const groups = await page.$$eval('.app-my-issues-group', (all) =>
      all.map((group) => [group.querySelector('h3').textContent, [...group.querySelectorAll('li a')].map((link) => link.textContent)]),
    );
    assert.deepEqual(groups, [
      ['Backlog2 issues', ['Not planned yet', 'Write the FAQ']],
      ['Completed1 issue', ['Fix the footer']],
    ]);
    await click(page, 'WEB-1 Fix the footer', { link: true });
    await waitForPath(page, `/acme/projects/${world.project.id}/issues/${world.issues[0].id}`);
    assert.deepEqual(problems, []);
  });
});
