// Estimates end to end: the built app on the real API server in a real browser. A project admin
// turns estimates on in the project settings, gives an issue of a cycle an estimate from its side
// panel, and the cycle's page adds it up; the issue done, the cycle counts its points done.
// Fails on any page or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { APP_LOADED, onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { click, deepFind, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

let server;
let browser;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
});

after(() => stopTeamApp({ server, browser }));

/** Waits until the side panel's picker `name` (its hidden label) shows `value`, and answers it. */
function picker(page, name, value) {
  return waitFor(
    page,
    `the ${name} picker showing ${value}`,
    (wanted, text) =>
      [...document.querySelectorAll('.app-picker-button')].find(
        (el) => document.getElementById(el.getAttribute('aria-labelledby').split(' ')[0])?.textContent === wanted && el.querySelector('.app-picker-value')?.textContent === text,
      ) ?? null,
    {},
    name,
    value,
  );
}

test('an admin turns estimates on, estimates an issue of a cycle, and the cycle adds it up', async () => {
  const cycle = await world.ada.request('POST', `${world.projectPath}/cycles`, { name: 'Sprint 1' });
  const issue = await world.ada.request('POST', `${world.projectPath}/issues`, { name: 'Write the launch notes' });
  await world.ada.request('POST', `${world.projectPath}/cycles/${cycle.id}/cycle-issues`, { issues: [issue.id] });
  const app = `${server.base}/acme/projects/${world.project.id}`;
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'ada@example.com', password: PASSWORD });

    // The settings offer an estimate system; saved as offered, it is 1, 2, 3, 5, 8 and 13 points, on.
    await page.goto(`${app}/settings`, APP_LOADED);
    await click(page, 'Add an estimate system');
    await click(page, 'Save estimates');
    await waitForText(page, 'Estimates saved.');
    const estimate = await world.ada.request('GET', `${world.projectPath}/estimate`);
    assert.deepEqual([estimate.enabled, estimate.type, estimate.points.map((point) => point.value)], [true, 'points', ['1', '2', '3', '5', '8', '13']]);

    // The issue's side panel picks 5 points.
    await page.goto(`${app}/issues/${issue.id}`, APP_LOADED);
    await (await picker(page, 'Estimate', 'No estimate')).asElement().click();
    await (await deepFind(page, '.app-picker-popup [role="option"]', /^\s*5 points\s*$/)).click();
    await picker(page, 'Estimate', '5 points');
    assert.equal((await world.ada.request('GET', `${world.projectPath}/issues/${issue.id}`)).estimate_point, '5');
    await waitForText(page, 'set the estimate point to 5');

    // The cycle's page adds it up; once the issue is done, its points are done too.
    await page.goto(`${app}/cycles/${cycle.id}`, APP_LOADED);
    await waitForText(page, '0 of 5 points done');
    await page.goto(`${app}/issues/${issue.id}`, APP_LOADED);
    await (await picker(page, 'State', 'Backlog')).asElement().click();
    await (await deepFind(page, '.app-picker-popup [role="option"]', /^\s*Done/)).click();
    await picker(page, 'State', 'Done');
    await page.goto(`${app}/cycles/${cycle.id}`, APP_LOADED);
    await waitForText(page, '5 of 5 points done');
    const totals = await world.ada.request('GET', `${world.projectPath}/cycles/${cycle.id}`);
    assert.deepEqual([totals.total_estimate, totals.completed_estimate], [5, 5]);
    assert.deepEqual(problems, []);
  });
});
