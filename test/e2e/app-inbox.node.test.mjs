// The project inbox end to end: the built app on the real API server in a real browser. A guest
// files a request from the Inbox screen; a member accepts it there, and it then shows in the
// project's issue list. Fails on any page or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { APP_LOADED, onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { click, editorBox, fill, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

let server;
let browser;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
  await world.ada.request('PATCH', world.projectPath, { inbox_view: true });
});

after(() => stopTeamApp({ server, browser }));

test('a guest files an inbox request, a member accepts it, and it joins the project’s issues', async () => {
  const guest = await openPage(browser);
  await onPage(guest, async () => {
    const { page } = guest;
    await signInWithCookie(page, server.base, { email: 'gus@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/issues`, APP_LOADED);
    await click(page, 'Inbox', { link: true });
    await waitForText(page, 'No open requests');
    await click(page, 'New intake issue');
    await fill(page, 'Title', 'Add a status page link');
    const box = await editorBox(page, 'Description');
    await box.click();
    await page.keyboard.type('People look for it when the site is slow.');
    await click(page, 'Create', { within: '[role="dialog"]' });
    await waitForText(page, 'Request WEB-1 filed.');
    await waitFor(page, 'the request shown', () => document.querySelector('.app-inbox-detail h2')?.textContent === 'Add a status page link');
    assert.equal(await page.$('.app-inbox-actions'), null, 'a guest decides nothing');
    assert.deepEqual(guest.problems, []);
  });
  // Not an issue of the project yet.
  assert.deepEqual(await world.bob.request('GET', `${world.projectPath}/issues`), []);

  const member = await openPage(browser);
  await onPage(member, async () => {
    const { page } = member;
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/inbox`, APP_LOADED);
    await waitFor(page, 'the request', () => document.querySelector('.app-inbox-detail h2')?.textContent === 'Add a status page link');
    await waitForText(page, 'Filed by Gus Guest');
    await click(page, 'Accept');
    await waitForText(page, 'WEB-1 accepted: it is one of the project’s issues now.');
    await waitForText(page, 'No open requests');
    await click(page, 'Issues', { link: true });
    await waitForText(page, 'Add a status page link');
    assert.deepEqual(member.problems, []);
  });
  const [issue] = await world.bob.request('GET', `${world.projectPath}/issues`);
  assert.equal(issue.name, 'Add a status page link');
  assert.equal(issue.state__name, 'Backlog');
  const detail = await world.bob.request('GET', `${world.projectPath}/issues/${issue.id}`);
  assert.equal(detail.description_html, '<p>People look for it when the site is slow.</p>');
});
