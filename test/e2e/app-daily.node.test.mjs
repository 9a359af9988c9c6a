// The tracker's daily flows end to end: the built app on the real API server in a real browser.
// A create-issue dialog closed with something in it comes back from the Drafts screen and is
// published as the issue; an issue assigned to someone raises their unread count without a
// reload, and opening the notification reads it. Fails on any page or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { APP_LOADED, onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { button, click, editorBox, field, fill, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

let server;
let browser;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
});

after(() => stopTeamApp({ server, browser }));

test('a closed create-issue dialog comes back as a draft and is published', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/issues`, APP_LOADED);
    await click(page, 'Create issue');
    await fill(page, 'Title', 'Draft the release notes');
    const box = await editorBox(page, 'Description');
    await box.click();
    await page.keyboard.type('Started on the train.');
    // The first Escape is the editor's (then Tab would leave it); the second closes the dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await waitFor(page, 'the dialog closed', () => !document.querySelector('[role="dialog"]'));
    await waitForText(page, 'Saved to your drafts.');
    const [kept] = await world.bob.request('GET', '/api/workspaces/acme/issue-drafts');
    assert.equal(kept.name, 'Draft the release notes');
    assert.equal(kept.description_html, '<p>Started on the train.</p>');

    // The sidebar counts it; the Drafts screen lists it and opens it in the dialog, as it was left.
    await waitFor(page, 'the draft count', () => [...document.querySelectorAll('.app-sidebar-link')].some((link) => link.textContent === 'Drafts: 1 draft'));
    await click(page, /^Drafts/, { link: true });
    await click(page, 'Draft the release notes');
    assert.equal(await (await field(page, 'Title')).evaluate((input) => input.value), 'Draft the release notes');
    await waitFor(page, 'the kept description', () =>
      [...document.querySelectorAll('rich-editor')].some((editor) => editor.getHTML?.() === '<p>Started on the train.</p>'),
    );
    await click(page, 'Create issue', { within: '[role="dialog"]' });
    await waitForText(page, 'Issue WEB-1 created.');
    await waitForText(page, 'No draft issues yet');
    await button(page, 'Drafts', { link: true });

    const issues = await world.bob.request('GET', `${world.projectPath}/issues`);
    assert.deepEqual(issues.map((issue) => issue.name), ['Draft the release notes']);
    const issue = await world.bob.request('GET', `${world.projectPath}/issues/${issues[0].id}`);
    assert.equal(issue.description_html, '<p>Started on the train.</p>');
    assert.deepEqual(await world.bob.request('GET', '/api/workspaces/acme/issue-drafts'), []);
    assert.deepEqual(problems, []);
  });
});

test('an assignment raises the unread count without a reload, and opening the notification reads it', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/issues`, APP_LOADED);
    assert.equal(await page.$('[data-unread-count]'), null, 'no unread count before anything happened');

    // Ada assigns Bob an issue through the API, from another browser as it were.
    const issue = await world.ada.request('POST', `${world.projectPath}/issues`, { name: 'Check the footer links', assignee_ids: [world.bob.user.id] });
    // The sidebar asks again on its own (every 15 s) and when the tab is shown: no reload here.
    await waitFor(page, 'the unread count to show 1', () => document.querySelector('[data-unread-count]')?.getAttribute('data-unread-count') === '1');
    const [unread] = await world.bob.request('GET', '/api/workspaces/acme/notifications');
    assert.equal(unread.kind, 'assigned');
    assert.equal(unread.read_at, null);

    await click(page, /^Notifications/, { link: true });
    await click(page, /Ada Lovelace assigned you/, { link: true });
    // The issue's own heading: the address changes before the issue's screen is drawn, and until then the
    // notifications screen (its heading, and a row naming the issue) is still there.
    await waitFor(page, 'the issue to open', (name) => document.querySelector('h1')?.textContent === name, {}, issue.name);
    assert.ok(page.url().endsWith(issue.id), page.url());
    await waitFor(page, 'the unread count to go', () => document.querySelector('[data-unread-count]') === null);
    const [read] = await world.bob.request('GET', '/api/workspaces/acme/notifications');
    assert.notEqual(read.read_at, null);
    assert.deepEqual(problems, []);
  });
});
