// The issue list as its users work it, end to end: the built app on the real API server in a real
// browser. Three rows taken by Shift-click get a new state at once; a row's priority changes in
// place; a saved board view reopens with its filters; the create dialog's "/image" chosen by
// keyboard opens the file chooser. Fails on any page or console error.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { button, click, deepFind, editorBox, fill, nextIssuePatch, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server;
let browser;
let files;
const world = {};

before(async () => {
  files = mkdtempSync(join(tmpdir(), 'tracker-e2e-list-'));
  writeFileSync(join(files, 'pixel.png'), PNG);
  ({ server, browser } = await startTeamApp(world));
  for (const [name, priority] of [
    ['Fix the footer', 'none'],
    ['Ship the pricing page', 'high'],
    ['Move the blog', 'low'],
    ['Answer the support queue', 'high'],
  ]) {
    await world.ada.request('POST', `${world.projectPath}/issues`, { name, priority });
  }
  world.states = await world.ada.request('GET', `${world.projectPath}/states`);
});

after(() => stopTeamApp({ server, browser }));

/** Bob, signed in, on the project's issues in `layout`. */
async function bobOnIssues(session, layout) {
  await signInWithCookie(session.page, server.base, { email: 'bob@example.com', password: PASSWORD });
  await session.page.goto(`${server.base}/acme/projects/${world.project.id}/issues?layout=${layout}`, { waitUntil: 'domcontentloaded' });
  await waitFor(session.page, 'the issue rows', () => document.querySelectorAll('.app-issue-row, .app-board-card').length === 4);
}

/** Clicks the visible option `name` of the open picker or menu. */
async function pickOption(page, name) {
  const option = await waitFor(
    page,
    `the option ${name}`,
    (wanted) => [...document.querySelectorAll('[role="option"], [role="menuitem"], [role="menuitemcheckbox"]')].find((el) => el.getClientRects().length > 0 && el.textContent.trim() === wanted) ?? null,
    {},
    name,
  );
  await option.asElement().click();
}

const issueByName = async (name) => (await world.bob.request('GET', `${world.projectPath}/issues`)).find((issue) => issue.name === name);

test('three rows taken by Shift-click get a new state at once', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await bobOnIssues(session, 'list');
    // Newest first: WEB-4 at the top, then WEB-3, WEB-2, WEB-1.
    await (await page.waitForSelector('input[aria-label="Select WEB-4"]')).click();
    await page.keyboard.down('Shift');
    await (await page.$('input[aria-label="Select WEB-2"]')).click();
    await page.keyboard.up('Shift');
    await waitFor(page, 'three selected', () => document.querySelector('[aria-label="Selected issues"] [role="status"]')?.textContent === '3 selected');
    await click(page, /^State\s*Set state$/, { within: '[aria-label="Selected issues"]' });
    await pickOption(page, 'Done');
    await waitForText(page, 'State set on 3 issues.');
    const done = world.states.find((state) => state.group === 'completed');
    const issues = await world.bob.request('GET', `${world.projectPath}/issues`);
    const stateOf = Object.fromEntries(issues.map((issue) => [issue.sequence_id, issue.state_id]));
    assert.deepEqual([stateOf[4], stateOf[3], stateOf[2]], [done.id, done.id, done.id]);
    assert.notEqual(stateOf[1], done.id, 'the row outside the range is left alone');
    assert.deepEqual(problems, []);
  });
});

test("a row's priority changes in place, without leaving the list", async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await bobOnIssues(session, 'list');
    const address = await page.evaluate(() => location.href);
    const row = await waitFor(page, 'the first issue row', () => [...document.querySelectorAll('.app-issue-row')].find((el) => el.textContent.includes('Fix the footer')) ?? null);
    // The row's priority button: its hidden name reads "Priority: …".
    const priority = await row.evaluateHandle((el) => [...el.querySelectorAll('.app-picker-button')].find((button) => button.textContent.startsWith('Priority:')));
    // The row shows the change at once; the API has it once the PATCH is answered.
    const patched = nextIssuePatch(page);
    await priority.asElement().click();
    await pickOption(page, 'Urgent');
    assert.equal((await patched).status(), 200, 'the priority change kept');
    await waitFor(page, 'the row showing Urgent', () =>
      [...document.querySelectorAll('.app-issue-row')].some((el) => el.textContent.includes('Fix the footer') && el.textContent.includes('Priority: Urgent')),
    );
    assert.equal((await issueByName('Fix the footer')).priority, 'urgent');
    assert.equal(await page.evaluate(() => location.href), address);
    assert.deepEqual(problems, []);
  });
});

test('a saved board view reopens with its filters', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await bobOnIssues(session, 'list');
    await click(page, 'Board', { within: '[aria-label="Layout"]' });
    await waitFor(page, 'the board', () => document.querySelector('.app-board'));
    await click(page, 'Filter');
    await pickOption(page, 'Priority');
    await pickOption(page, 'High');
    await page.keyboard.press('Escape');
    await waitFor(page, 'the two high issues', () => document.querySelectorAll('.app-board-card').length === 2);
    await click(page, 'Save view');
    await fill(page, 'View name', 'High on a board');
    await click(page, 'Save view', { within: '[role="dialog"]' });
    await waitFor(page, 'the view’s name as the title', () => document.querySelector('main h1')?.textContent === 'High on a board');

    // Back to the plain list, then the view from the Views screen.
    await page.goto(`${server.base}/acme/projects/${world.project.id}/issues?layout=list`, { waitUntil: 'domcontentloaded' });
    await waitFor(page, 'the whole list', () => document.querySelectorAll('.app-issue-row').length === 4);
    await page.goto(`${server.base}/acme/projects/${world.project.id}/views`, { waitUntil: 'domcontentloaded' });
    await click(page, 'High on a board', { link: true });
    await waitFor(page, 'the view reopened as a board of the two high issues', () => document.querySelector('.app-board') && document.querySelectorAll('.app-board-card').length === 2);
    const cards = await page.$$eval('.app-board-card', (found) => found.map((card) => card.querySelector('a').textContent).sort());
    assert.deepEqual(cards, ['Answer the support queue', 'Ship the pricing page']);
    assert.equal(await page.evaluate(() => new URL(location.href).searchParams.get('priority')), 'high');
    assert.deepEqual(problems, []);
  });
});

test('"/image" chosen by keyboard in the create dialog opens the file chooser, and the image goes into the new issue', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await bobOnIssues(session, 'list');
    await click(page, 'Create issue');
    await fill(page, 'Title', 'Add the team photo');
    const box = await editorBox(page, 'Description');
    await box.click();
    // The chooser is watched for before it can open (puppeteer turns its interception on as it starts watching).
    const choosing = page.waitForFileChooser();
    await page.keyboard.type('/image');
    await deepFind(page, '[role="option"]', /Image/);
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    await chooser.accept([join(files, 'pixel.png')]);
    // Stored, and loaded: until the image has its size the dialog's buttons move as it arrives,
    // and a click measured before would land beside the dialog (which closes it as a draft).
    await waitFor(page, 'the uploaded image in the description, loaded', () => {
      const image = document.querySelector('rich-editor[aria-label="Description"]')?.shadowRoot?.querySelector('[role="textbox"] img');
      return image && !image.src.startsWith('blob:') && !image.src.startsWith('data:') && image.complete && image.naturalWidth > 0;
    });
    await click(page, 'Create issue', { within: '[role="dialog"]' });
    await waitFor(page, 'the dialog closed', () => !document.querySelector('[role="dialog"]'));
    const created = await issueByName('Add the team photo');
    const detail = await world.bob.request('GET', `${world.projectPath}/issues/${created.id}`);
    assert.match(detail.description_html, /<img [^>]*src="\/api\/workspaces\/file-assets\//);
    await button(page, 'Create issue');
    assert.deepEqual(problems, []);
  });
});
