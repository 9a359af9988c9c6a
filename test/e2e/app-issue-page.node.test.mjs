// An issue's page end to end: the built app on the real API server in a real browser. A member
// makes an existing issue a sub-issue and relates another as blocked by this one; both show on
// every issue's page (the sub-issue's Parent, the other's "Blocked by"); then the member deletes
// the issue through its "Issue actions" menu. Fails on any page or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { chooseSearchResult, click, signInWithCookie, waitFor, waitForPath, waitForText } from './helpers/ui.mjs';

let server;
let browser;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
  world.issues = {};
  for (const [key, name] of [
    ['epic', 'Launch the new pricing'],
    ['child', 'Write the pricing copy'],
    ['blocked', 'Announce the new prices'],
  ]) {
    world.issues[key] = await world.ada.request('POST', `${world.projectPath}/issues`, { name });
  }
});

after(() => stopTeamApp({ server, browser }));

const issueUrl = (issue) => `${server.base}/acme/projects/${world.project.id}/issues/${issue.id}`;

/** Opens `issue`'s page and waits for its title and its sub-issues and relations. */
async function openIssue(page, issue) {
  await page.goto(issueUrl(issue), { waitUntil: 'domcontentloaded' });
  await waitFor(page, `the page of ${issue.name}`, (name) => document.querySelector('h1')?.textContent === name, {}, issue.name);
  await waitFor(page, 'the sub-issues and relations', () =>
    ['Sub-issues', 'Relations'].every((heading) => {
      const section = [...document.querySelectorAll('section')].find((candidate) => candidate.querySelector('h2')?.textContent === heading);
      return section && (section.querySelector('ul') || section.querySelector('.app-note'));
    }),
  );
}

/** The text of the page's section headed `heading`. */
const sectionText = (page, heading) =>
  page.evaluate((wanted) => [...document.querySelectorAll('section')].find((section) => section.querySelector('h2')?.textContent === wanted)?.innerText ?? '', heading);

/** In the open issue picker: searches `name`, ticks its result and submits with `submit`. */
async function pickIssue(page, issue, submit) {
  const dialog = await waitFor(page, 'the issue picker', () => document.querySelector('[role="dialog"]'));
  await (await dialog.asElement().$('input[type="search"], input[type="text"], input:not([type])')).type(issue.name);
  await chooseSearchResult(page, issue.name, `WEB-${issue.sequence_id}`);
  await click(page, submit, { within: '[role="dialog"]' });
  await waitFor(page, 'the picker closed', () => !document.querySelector('[role="dialog"]'));
}

test('a member adds a sub-issue and a "blocking" relation from an issue\'s page, sees both from the other issues, and deletes the issue through its menu', async () => {
  const { epic, child, blocked } = world.issues;
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await openIssue(page, epic);
    const crumbs = await page.$$eval('nav[aria-label="Breadcrumb"] li', (items) => items.map((item) => item.textContent));
    assert.deepEqual(crumbs, ['Acme', world.project.name, `WEB-${epic.sequence_id}`]);

    // An existing issue as a sub-issue.
    await click(page, 'Add existing');
    await pickIssue(page, child, 'Add sub-issues');
    await waitFor(page, 'the sub-issue listed', (name) => document.querySelector('ul[aria-label="Sub-issues"]')?.textContent.includes(name), {}, child.name);
    assert.match(await sectionText(page, 'Sub-issues'), /0 of 1 done/);

    // Another issue as blocked by this one: "Blocking" from the Add relation menu, then the picker.
    await click(page, 'Add relation');
    await click(page, 'Blocking', { within: '[role="menu"]' });
    await pickIssue(page, blocked, 'Add relation');
    await waitFor(page, 'the relation listed', (name) => document.querySelector('[aria-labelledby="issue-relations-blocking"]')?.textContent.includes(name), {}, blocked.name);

    // The server keeps both.
    assert.equal((await world.ada.request('GET', `${world.projectPath}/issues/${child.id}`)).parent_id, epic.id);
    const relations = await world.ada.request('GET', `${world.projectPath}/issues/${blocked.id}/relations`);
    assert.deepEqual(relations.map((relation) => [relation.relation_type, relation.issue.id]), [['blocked_by', epic.id]]);

    // The sub-issue's page names its parent; the other issue's page says it is blocked by this one.
    await openIssue(page, child);
    await waitFor(page, 'the parent in the properties', (name) => document.querySelector('aside[aria-label="Properties"]')?.textContent.includes(name), {}, epic.name);
    await openIssue(page, blocked);
    await waitFor(page, 'the "Blocked by" group', () => document.querySelector('#issue-relations-blocked_by')?.textContent === 'Blocked by');
    assert.match(await sectionText(page, 'Relations'), new RegExp(`Blocked by\\s+WEB-${epic.sequence_id}\\s*${epic.name}`));
    await click(page, `WEB-${epic.sequence_id} ${epic.name}`, { link: true });
    await waitForPath(page, `/acme/projects/${world.project.id}/issues/${epic.id}`);
    await waitFor(page, 'the issue', (name) => document.querySelector('h1')?.textContent === name, {}, epic.name);

    // Delete through the "Issue actions" menu, confirmed.
    await click(page, 'Issue actions');
    await click(page, 'Delete issue', { within: '[role="menu"]' });
    await waitFor(page, 'the confirmation', () => document.querySelector('[role="dialog"]')?.textContent.includes('The toast that follows can undo it.'));
    await click(page, 'Delete', { within: '[role="dialog"]' });
    await waitForPath(page, `/acme/projects/${world.project.id}/issues`);
    await waitForText(page, `Issue WEB-${epic.sequence_id} deleted.`);
    await assert.rejects(world.ada.request('GET', `${world.projectPath}/issues/${epic.id}`), /: 404 Issue not found\.$/);
    assert.deepEqual(problems, []);
  });
});
