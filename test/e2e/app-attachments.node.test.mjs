// Issue attachments end to end: the built app on the real API server in a real browser. A member
// attaches a file through the issue page's file chooser, the page lists it and the activity says
// so, and the link downloads it, saved under its name with the same bytes. Fails on any page or
// console error.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { APP_LOADED, onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { button, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

let server;
let browser;
let folder;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
  folder = mkdtempSync(join(tmpdir(), 'tracker-attachments-'));
});

after(async () => {
  await stopTeamApp({ server, browser });
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/**
 * Resolves once `file` is in `dir` with `size` bytes (a download in progress has another name
 * until it ends); gives up after the pages' own 30 s bound, naming what the folder held.
 */
async function downloaded(dir, file, size, page) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const names = readdirSync(dir);
    if (names.includes(file) && statSync(join(dir, file)).size === size) return readFileSync(join(dir, file));
    if (Date.now() > deadline) throw new Error(`no download "${file}" of ${size} bytes; the folder held ${JSON.stringify(names.map((n) => [n, statSync(join(dir, n)).size]))}`);
    // Wait for the page's next frame rather than a number of milliseconds: the download goes on meanwhile.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  }
}

test('an attachment uploads through the issue page and downloads with the same bytes', async () => {
  const issue = await world.bob.request('POST', `${world.projectPath}/issues`, { name: 'Ship the quarterly report' });
  // Every byte value, then random ones: nothing may be changed on the way in or out.
  const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(1_500_000)]);
  const name = 'Quarterly report (draft) é.bin';
  const chosen = join(folder, name);
  writeFileSync(chosen, bytes);
  const downloads = mkdtempSync(join(folder, 'downloads-'));

  const session = await openPage(browser, { downloadPath: downloads });
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'bob@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/projects/${world.project.id}/issues/${issue.id}`, APP_LOADED);
    await waitForText(page, 'No attachments yet.');
    const upload = await button(page, 'Upload files');
    const [chooser] = await Promise.all([page.waitForFileChooser(), upload.click()]);
    await chooser.accept([chosen]);

    const link = await waitFor(page, 'the attachment listed', (wanted) => [...document.querySelectorAll('.app-attachment a')].find((a) => a.textContent === wanted) ?? null, {}, name);
    await waitForText(page, 'Bob Member');
    await waitForText(page, 'uploaded a new attachment');
    const [stored] = await world.ada.request('GET', `${world.projectPath}/issues/${issue.id}/attachments`);
    assert.deepEqual([stored.name, stored.size, stored.uploaded_by.id], [name, bytes.length, world.bob.user.id]);

    await link.asElement().click();
    const saved = await downloaded(downloads, name, bytes.length, page);
    assert.ok(saved.equals(bytes), 'the downloaded file holds the uploaded bytes');
    assert.deepEqual(problems, []);
  });
});
