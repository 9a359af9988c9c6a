// Personal API tokens end to end: an admin makes one in the built app on the real API server,
// a program (fetch from Node, no cookie) calls the API with it, and once the admin revokes it in
// the app the same call is refused. Fails on any page or console error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { APP_LOADED, onPage, openPage } from './helpers/browser.mjs';
import { startTeamApp, stopTeamApp } from './helpers/team-app.mjs';
import { click, field, fill, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

let server;
let browser;
const world = {};

before(async () => {
  ({ server, browser } = await startTeamApp(world));
});

after(() => stopTeamApp({ server, browser }));

/** A program's request: the token in the Authorization header, nothing else a browser would send. */
async function withToken(token, method, path, body) {
  const response = await fetch(server.base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

test('a token made in the app works for a program until it is revoked in the app', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'ada@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/settings/api-tokens`, APP_LOADED);
    await waitForText(page, 'No API tokens yet');
    await click(page, 'Add an API token');
    await fill(page, 'Label', 'Release script');
    // The script files issues: it needs more than the dialog's Read only.
    await (await field(page, 'Read and write')).click();
    await (await field(page, '30 days')).click();
    await click(page, 'Create token', { within: '[role="dialog"]' });
    const shown = await field(page, 'Your new API token');
    const token = await shown.evaluate((input) => input.value);
    assert.match(token, /^re_pat_[A-Za-z0-9_-]{43}$/);
    await waitForText(page, 'This is the only time the token is shown.');
    await click(page, 'Done');
    await waitFor(page, 'the dialog closed', () => !document.querySelector('[role="dialog"]'));
    await waitForText(page, 'Release script');
    assert.equal(await page.evaluate((secret) => document.body.innerHTML.includes(secret), token.slice(11)), false, 'the secret left the page');

    const issues = `${world.projectPath}/issues`;
    const created = await withToken(token, 'POST', issues, { name: 'Filed by the release script' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const listed = await withToken(token, 'GET', issues);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.map((issue) => issue.name), ['Filed by the release script']);

    // The list shows the use (recorded on the first request).
    await page.reload(APP_LOADED);
    await waitFor(page, 'the last use', () => [...document.querySelectorAll('.app-token-meta dd')].at(-1)?.textContent !== 'Never');

    await click(page, 'Revoke Release script');
    await click(page, 'Revoke', { within: '[role="dialog"]' });
    await waitForText(page, 'No API tokens yet');
    const refused = await withToken(token, 'GET', issues);
    assert.deepEqual(refused, {
      status: 401,
      body: { error: 'This API token is not valid: it may have been revoked, or its owner may have left the workspace.' },
    });
    assert.deepEqual(problems, []);
  });
});
