// A row's properties changed in place, end to end: the built app on the real API server in a real
// browser. A member gives a row another state, an assignee and a label from the row's own pickers,
// the API keeps them, and the list stays where it was. Fails on any page or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { nextIssuePatch, signInWithCookie, waitFor } from './helpers/ui.mjs';

let server;
let browser;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
  for (const name of ['Fix the footer', 'Ship the pricing page']) await world.ada.request('POST', `${world.projectPath}/issues`, { name });
  world.label = await world.ada.request('POST', `${world.projectPath}/labels`, { name: 'Bug', color: '#dc2626' });
  world.states = await world.ada.request('GET', `${world.projectPath}/states`);
});

after(() => stopTeamApp({ server, browser }));

const ROW = 'Fix the footer';

/** The row's picker whose hidden name starts "`name`:", once the row shows it. */
const rowPicker = (page, name) =>
  waitFor(
    page,
    `the row's ${name} picker`,
    (title, wanted) =>
      [...[...document.querySelectorAll('.app-issue-row')].find((row) => row.textContent.includes(title))?.querySelectorAll('.app-picker-button') ?? []].find((button) =>
        button.textContent.startsWith(`${wanted}:`),
      ) ?? null,
    {},
    ROW,
    name,
  );

/** Waits until the row's picker `name` reads `text` for assistive technology ("State: Done"). */
const rowReads = (page, text) =>
  waitFor(page, `the row reading ${text}`, (title, wanted) => [...document.querySelectorAll('.app-issue-row')].some((row) => row.textContent.includes(title) && row.textContent.includes(wanted)), {}, ROW, text);

/** Clicks the visible option `name` of the open picker. */
async function pickOption(page, name) {
  const option = await waitFor(
    page,
    `the option ${name}`,
    (wanted) => [...document.querySelectorAll('.app-picker-popup [role="option"]')].find((el) => el.getClientRects().length > 0 && el.textContent.trim() === wanted) ?? null,
    {},
    name,
  );
  await option.asElement().click();
}

/** The PATCH of an issue the page sends next, answered. */
const issueByName = async (name) => (await world.bob.request('GET', `${world.projectPath}/issues`)).find((issue) => issue.name === name);

test("a member changes a row's state, assignee and label in place, and the API keeps them", async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/issues?layout=list`, { waitUntil: 'domcontentloaded' });
    await waitFor(page, 'the issue rows', () => document.querySelectorAll('.app-issue-row').length === 2);
    const address = await page.evaluate(() => location.href);

    for (const [name, option, reads] of [
      ['State', 'Done', 'State: Done'],
      ['Assignees', 'Ada Lovelace', 'Assignees: Ada Lovelace'],
      ['Labels', 'Bug', 'Labels: Bug'],
    ]) {
      const patched = nextIssuePatch(page);
      await (await rowPicker(page, name)).asElement().click();
      await pickOption(page, option);
      assert.equal((await patched).status(), 200, `the ${name} change kept`);
      // The lists of several values stay open for more: Escape closes them.
      if (name !== 'State') await page.keyboard.press('Escape');
      await waitFor(page, 'the picker closed', () => !document.querySelector('.app-picker-popup'));
      await rowReads(page, reads);
    }

    const done = world.states.find((state) => state.name === 'Done');
    const saved = await issueByName(ROW);
    assert.equal(saved.state_id, done.id);
    assert.deepEqual(saved.assignee_ids, [world.ada.user.id]);
    assert.deepEqual(saved.label_ids, [world.label.id]);
    const other = await issueByName('Ship the pricing page');
    assert.deepEqual([other.assignee_ids, other.label_ids], [[], []], 'the other row is left alone');
    assert.equal(await page.evaluate(() => location.href), address, 'still on the list');
    assert.deepEqual(problems, []);
  });
});
