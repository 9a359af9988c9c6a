// Importing issues end to end: the built app on the real API server in a real browser. A member
// imports a GitHub issues file (as `gh issue list --json` writes it) and a Jira CSV export (byte
// order mark, quoted commas and line breaks, repeated Labels columns) into a project through the
// Import issues dialog; each report says what came in, and the issues show in the project's list.
// Fails on any page or console error.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { APP_LOADED, onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { click, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

let server;
let browser;
let folder;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
  folder = await mkdtemp(join(tmpdir(), 'rich-editor-imports-'));
});

after(async () => {
  await stopTeamApp({ server, browser });
  if (folder) await rm(folder, { recursive: true, force: true });
});

const GITHUB = JSON.stringify([
  {
    assignees: [{ id: 'U_1', login: 'bobm', name: 'Bob', email: 'bob@example.com' }],
    body: '## Steps\n\n1. Open the page\n2. Click **Save**',
    createdAt: '2024-05-02T10:00:00Z',
    labels: [{ id: 'LA_1', name: 'bug', description: '', color: 'd73a4a' }],
    number: 2,
    state: 'OPEN',
    title: 'Saving the footer fails',
  },
  { assignees: [], body: 'Done in #1.', createdAt: '2024-05-01T10:00:00Z', labels: [], number: 1, state: 'CLOSED', title: 'Add a footer' },
]);

const quoted = (value) => `"${value.replaceAll('"', '""')}"`;
const JIRA = `\uFEFF${[
  ['Summary', 'Issue key', 'Issue id', 'Status', 'Priority', 'Assignee', 'Description', 'Labels', 'Labels'],
  ['Menu overlaps, on phones', 'SITE-2', '10002', 'In Progress', 'High', 'ada@example.com', 'Seen on:\n\n- iOS\n- "Android"', 'mobile', 'css'],
  ['Compress the images', 'SITE-1', '10001', 'To Do', 'Low', '', '', 'perf', ''],
]
  .map((row) => row.map(quoted).join(','))
  .join('\r\n')}\r\n`;

/** Imports `text` saved as `name` from `source` ('GitHub issues (JSON)' or 'Jira (CSV)') through the dialog, and waits for its report. */
async function importThroughDialog(page, source, name, text, report) {
  const path = join(folder, name);
  await writeFile(path, text);
  await click(page, 'More issue actions');
  await click(page, 'Import issues');
  await waitFor(page, 'the import dialog', () => document.querySelector('[role="dialog"] input[type="file"]'));
  const radio = await waitFor(page, `the ${source} source`, (wanted) => [...document.querySelectorAll('[role="dialog"] label')].find((label) => label.textContent.trim() === wanted)?.querySelector('input') ?? null, {}, source);
  await radio.asElement().click();
  const input = await page.$('[role="dialog"] input[type="file"]');
  await input.uploadFile(path);
  await click(page, /^Import$/, { within: '[role="dialog"]' });
  await waitForText(page, report);
  await click(page, 'Done', { within: '[role="dialog"]' });
  await waitFor(page, 'the dialog closed', () => !document.querySelector('[role="dialog"]'));
}

/** The issue names the list shows. */
const listedNames = (page) => page.$$eval('.app-issue-row', (rows) => rows.map((row) => row.textContent));

test('a member imports a GitHub issues file and a Jira CSV export, and the issues show in the list', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/issues`, APP_LOADED);
    await waitForText(page, 'No issues yet');

    await importThroughDialog(page, 'GitHub issues (JSON)', 'issues.json', GITHUB, 'Imported 2 issues and created 1 label.');
    await waitFor(page, 'the GitHub issues in the list', () => document.querySelectorAll('.app-issue-row').length === 2);
    const afterGithub = await listedNames(page);
    assert.ok(afterGithub.some((row) => row.includes('Saving the footer fails')), afterGithub.join('\n'));
    assert.ok(afterGithub.some((row) => row.includes('Add a footer')), afterGithub.join('\n'));

    await importThroughDialog(page, 'Jira (CSV)', 'jira.csv', JIRA, 'Imported 2 issues and created 3 labels.');
    await waitFor(page, 'every imported issue in the list', () => document.querySelectorAll('.app-issue-row').length === 4);
    const rows = await listedNames(page);
    assert.ok(rows.some((row) => row.includes('Menu overlaps, on phones')), rows.join('\n'));

    const issues = await world.bob.request('GET', `${world.projectPath}/issues`);
    const byName = Object.fromEntries(issues.map((issue) => [issue.name, issue]));
    assert.deepEqual(
      ['Add a footer', 'Saving the footer fails', 'Compress the images', 'Menu overlaps, on phones'].map((name) => [byName[name].state__name, byName[name].priority]),
      [['Done', 'none'], ['Backlog', 'none'], ['Todo', 'low'], ['In Progress', 'high']],
    );
    assert.deepEqual(byName['Saving the footer fails'].assignee_ids, [world.bob.user.id]);
    assert.deepEqual(byName['Menu overlaps, on phones'].assignee_ids, [world.ada.user.id]);
    const menu = await world.bob.request('GET', `${world.projectPath}/issues/${byName['Menu overlaps, on phones'].id}`);
    assert.equal(menu.description_html, '<p>Seen on:</p><ul><li><p>iOS</p></li><li><p>"Android"</p></li></ul>');
    assert.deepEqual(problems, []);
  });
});
