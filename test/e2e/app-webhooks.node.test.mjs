// Webhooks end to end: the built app on the real API server (allowed to reach local receivers,
// WEBHOOK_ALLOW_PRIVATE=1) in a real browser. An admin registers a webhook in Settings to a
// receiver on 127.0.0.1 and keeps its secret; an issue change is delivered signed with it; the
// receiver's first answer is a 500, so the delivery is tried again, and the app's delivery log
// shows it delivered on the second try. Fails on any page or console error.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { seedTeam, TEAM_PASSWORD as PASSWORD } from './helpers/api-client.mjs';
import { startAppServer } from './helpers/app-server.mjs';
import { APP_LOADED, launchBrowser, onPage, openPage } from './helpers/browser.mjs';
import { click, field, fill, signInWithCookie, waitFor, waitForText } from './helpers/ui.mjs';

let server;
let browser;
let receiver;
const world = {};

/** What the receiver got, and a way to wait until it has `count` requests. */
const received = [];
const waiters = [];
const untilReceived = (count) =>
  received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }));

before(async () => {
  // The receiver answers its first request 500 and the others 204.
  receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(received.length === 1 ? 500 : 204).end();
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) waiter.resolve();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startAppServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '200', JOB_POLL_MS: '100' } });
  browser = await launchBrowser();
  Object.assign(world, await seedTeam(server.base));
});

after(async () => {
  await browser?.close();
  await server?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve()));
});

/** Whether `request` is signed with `secret` (as the server README tells receivers to check). */
function signedWith(request, secret) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`);
  const given = Buffer.from(String(request.headers['x-signature-256'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('an admin registers a webhook; an issue change is delivered signed, retried after a 500, and shows in the delivery log', async () => {
  const session = await openPage(browser);
  const { page, problems } = session;
  const url = `http://127.0.0.1:${receiver.address().port}/tracker`;
  await onPage(session, async () => {
    await signInWithCookie(page, server.base, { email: 'ada@example.com', password: PASSWORD });
    await page.goto(`${server.base}/acme/settings/webhooks`, APP_LOADED);
    await click(page, 'Add a webhook');
    await fill(page, 'Payload URL', url);
    await click(page, 'Add webhook', { within: '[role="dialog"]' });
    const secretField = await field(page, 'Signing secret');
    const secret = await secretField.evaluate((input) => input.value);
    assert.match(secret, /^whsec_/);
    await click(page, 'Done');
    await waitFor(page, 'the webhook listed', (wanted) => [...document.querySelectorAll('.app-webhook-url')].some((cell) => cell.textContent === wanted), {}, url);

    // Bob changes an issue (through the API, as another browser would).
    const issue = await world.bob.request('POST', `${world.projectPath}/issues`, { name: 'Tell the receiver' });
    await untilReceived(2);
    const [first, second] = received;
    assert.equal(first.headers['x-webhook-delivery'], second.headers['x-webhook-delivery'], 'the retry is the same delivery');
    assert.ok(signedWith(second, secret), 'signed with the secret the app showed');
    assert.ok(!signedWith(second, `${secret}x`));
    const payload = JSON.parse(second.body);
    assert.deepEqual([payload.event, payload.action, payload.workspace.slug, payload.data.id], ['issue', 'created', 'acme', issue.id]);

    // The delivery log shows it delivered on the second try (looked at again while it is on its way).
    await click(page, `Deliveries of ${url}`);
    await waitFor(page, 'the delivered row', () => {
      const row = document.querySelector('[role="dialog"] tr[data-delivery-status="delivered"]');
      return row && [...row.querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 4).join('|') === 'Issues created|Delivered|204|2';
    });
    await waitForText(page, 'Recent deliveries');
    assert.equal(received.length, 2);
    assert.deepEqual(problems, []);
  });
});
