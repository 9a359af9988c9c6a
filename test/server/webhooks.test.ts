import assert from 'node:assert/strict';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { webhookDeliveryShape, webhookShape, webhookWithSecretShape, WEBHOOK_EVENTS } from '../../src/api-shapes/webhook.js';
import { waitFor } from './collab-client.js';
import { startFakeHttpServer, type FakeHttpServer, type ReceivedRequest } from './fake-http-server.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

// One server that may reach local receivers (WEBHOOK_ALLOW_PRIVATE=1), retrying at once, trying
// three times; the fake receiver on 127.0.0.1 answers 204 unless told. A try is cut after 10 s,
// which a receiver answering at once never meets, however busy the machine (a try cut while the
// request was still being made reached no receiver, and was counted as an attempt). The hanging
// receiver's test has a server of its own whose tries are cut after 300 ms. Polling every ten
// minutes: a delivery goes out because its table announces it (migration 0022), a retry when it
// falls due.
const ENV = { WEBHOOK_ALLOW_PRIVATE: '1', JOB_POLL_MS: '600000', WEBHOOK_RETRY_BASE_MS: '0', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_TIMEOUT_MS: '10000' };

let server: TestServer;
let seed: Seed;
let receiver: FakeHttpServer;
let hooksUrl: string;

before(async () => {
  receiver = await startFakeHttpServer((_request, response) => response.writeHead(204).end());
  server = await startServer(ENV);
  seed = await seedWorkspace(server);
  hooksUrl = `${seed.workspaceUrl}/webhooks`;
});
after(async () => {
  await server.close();
  await receiver.close();
});

const keys = (shape: { properties: object }) => Object.keys(shape.properties).sort();

/** A webhook registered by the admin (of `on`, the shared server's workspace by default) to the fake receiver at `path`, for `events`. */
async function newWebhook(path = `/${randomUUID()}`, events: string[] = ['issue'], on: Seed = seed) {
  const response = await on.actors.admin.post(`${on.workspaceUrl}/webhooks`, { url: `${receiver.url}${path}`, events });
  assert.equal(response.status, 201, response.text);
  return { ...(response.body as { id: string; secret: string; url: string }), path };
}

/** The requests the receiver got at `path`. */
const receivedAt = (path: string) => receiver.requests.filter((request) => request.url === path);

async function deliveries(webhookId: string, on: Seed = seed) {
  const response = await on.actors.admin.get(`${on.workspaceUrl}/webhooks/${webhookId}/deliveries`);
  assert.equal(response.status, 200, response.text);
  return response.body as Array<{ id: string; status: string; attempts: number; response_status: number | null; last_error: string | null; event: string; action: string; next_attempt_at: string | null }>;
}

async function newIssue(name = 'Webhook issue', on: Seed = seed) {
  const response = await on.actors.member.post(`${on.projectUrl}/issues`, { name });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string };
}

/** Whether `request` carries a valid signature under `secret`. */
function signedWith(request: ReceivedRequest, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`);
  const given = Buffer.from(String(request.headers['x-signature-256'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function webhookCount(): Promise<number> {
  return (await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM webhooks')).count;
}

describe('POST …/webhooks', () => {
  test('registers a webhook and shows its secret once', async () => {
    const response = await seed.actors.admin.post(hooksUrl, { url: `${receiver.url}/hook`, events: ['issue', 'page'] });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), keys(webhookWithSecretShape));
    assert.deepEqual([response.body.url, response.body.events, response.body.is_active], [`${receiver.url}/hook`, ['issue', 'page'], true]);
    assert.match(response.body.secret, /^whsec_[\w-]{43}$/);
    const read = await seed.actors.admin.get(`${hooksUrl}/${response.body.id}`);
    assert.deepEqual(Object.keys(read.body).sort(), keys(webhookShape));
    const listed = await seed.actors.admin.get(hooksUrl);
    assert.ok(listed.body.some((hook: { id: string; secret?: string }) => hook.id === response.body.id && !('secret' in hook)));
  });

  test('refuses bad input with a clear 400 and registers nothing', async () => {
    const url = `${receiver.url}/x`;
    // A refused address names its field (the app says it under the address).
    const atUrl = { field: 'url' };
    const cases: [unknown, string, object?][] = [
      [{ events: ['issue'] }, 'Url is required'],
      [{ url, events: [] }, 'Events needs at least one item'],
      [{ url, events: ['label'] }, 'Item 1 of events must be one of issue, comment, cycle, module, page'],
      [{ url, events: ['issue', 'issue'] }, 'Events cannot hold the same item twice'],
      [{ url, events: ['issue'], secret: 'mine' }, 'Body has an unknown field "secret"'],
      [{ url: 'not an address', events: ['issue'] }, 'Enter a full address starting with https://.', atUrl],
      [{ url: 'ftp://example.com/hook', events: ['issue'] }, 'The address must start with https:// or http://.', atUrl],
      [{ url: 'https://user:pass@example.com/hook', events: ['issue'] }, 'The address cannot hold a user name or password.', atUrl],
    ];
    const before = await webhookCount();
    const answers = [];
    for (const [body] of cases) answers.push((await seed.actors.admin.post(hooksUrl, body)).body);
    assert.deepEqual(answers, cases.map(([, error, more]) => ({ error, ...more })));
    assert.equal(await webhookCount(), before);
  });

  test('authorization matrix: only workspace admins manage webhooks', async () => {
    const responses = await seed.expectMatrix('POST', hooksUrl, { url: `${receiver.url}/matrix`, events: ['issue'] }, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 201,
    });
    assert.deepEqual(responses.member.body, { error: 'This needs the Admin role or higher in this workspace.' });
    const hook = responses.admin.body.id;
    const everyone = { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 403 } as const;
    await seed.expectMatrix('GET', hooksUrl, undefined, { ...everyone, admin: 200 });
    await seed.expectMatrix('GET', `${hooksUrl}/${hook}`, undefined, { ...everyone, admin: 200 });
    await seed.expectMatrix('GET', `${hooksUrl}/${hook}/deliveries`, undefined, { ...everyone, admin: 200 });
    await seed.expectMatrix('PATCH', `${hooksUrl}/${hook}`, { is_active: false }, { ...everyone, admin: 200 });
    await seed.expectMatrix('POST', `${hooksUrl}/${hook}/secret`, undefined, { ...everyone, admin: 200 });
    await seed.expectMatrix('DELETE', `${hooksUrl}/${hook}`, undefined, { ...everyone, admin: 204 });
  });
});

describe('PATCH, DELETE and the secret', () => {
  test('changes the address, events and switch; refuses bad input; replaces the secret', async () => {
    const hook = await newWebhook();
    const changed = await seed.actors.admin.patch(`${hooksUrl}/${hook.id}`, { url: `${receiver.url}/moved`, events: ['cycle', 'module'], is_active: false });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual([changed.body.url, changed.body.events, changed.body.is_active], [`${receiver.url}/moved`, ['cycle', 'module'], false]);
    const bad: [unknown, string, object?][] = [
      [{}, 'Body needs at least one field'],
      [{ url: 'mailto:a@b.c' }, 'The address must start with https:// or http://.', { field: 'url' }],
      [{ events: ['nope'] }, 'Item 1 of events must be one of issue, comment, cycle, module, page'],
    ];
    for (const [body, error, more] of bad) assert.deepEqual((await seed.actors.admin.patch(`${hooksUrl}/${hook.id}`, body)).body, { error, ...more });
    const rotated = await seed.actors.admin.post(`${hooksUrl}/${hook.id}/secret`);
    assert.equal(rotated.status, 200, rotated.text);
    assert.notEqual(rotated.body.secret, hook.secret);
    assert.equal((await server.db.one<{ secret: string }>('SELECT secret FROM webhooks WHERE id = $1', [hook.id])).secret, rotated.body.secret);
  });

  test('deletes a webhook with its deliveries; another workspace’s webhook is not found', async () => {
    const hook = await newWebhook();
    await newIssue();
    assert.equal((await seed.actors.admin.delete(`${hooksUrl}/${hook.id}`)).status, 204);
    assert.equal((await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM webhook_deliveries WHERE webhook_id = $1', [hook.id])).count, 0);
    const gone = await seed.actors.admin.get(`${hooksUrl}/${hook.id}`);
    assert.deepEqual([gone.status, gone.body], [404, { error: 'Webhook not found.' }]);
  });
});

describe('deliveries', () => {
  test('an issue change is delivered once per webhook, signed with its secret, with its headers and payload', async () => {
    const hook = await newWebhook();
    const other = await newWebhook(`/${randomUUID()}`, ['cycle']);
    const issue = await newIssue('Signed issue');
    await waitFor(() => receivedAt(hook.path).length === 1, 'the delivery', () => receiver.requests.map((r) => r.url));
    const [request] = receivedAt(hook.path);
    assert.equal(request!.headers['content-type'], 'application/json');
    assert.equal(request!.headers['x-webhook-event'], 'issue');
    assert.match(String(request!.headers['x-webhook-delivery']), /^[0-9a-f-]{36}$/);
    assert.ok(signedWith(request!, hook.secret), 'signed with the webhook’s secret');
    assert.ok(!signedWith(request!, `${hook.secret}x`), 'not with another');
    const payload = JSON.parse(request!.body);
    assert.deepEqual(Object.keys(payload).sort(), ['action', 'data', 'delivered_at', 'event', 'workspace']);
    assert.deepEqual([payload.event, payload.action, payload.workspace], ['issue', 'created', { id: seed.workspace.id, slug: seed.workspace.slug }]);
    assert.deepEqual(payload.data, { id: issue.id, project_id: seed.project.id, actor_id: seed.users.member.id, name: 'Signed issue' });
    await waitFor(async () => (await deliveries(hook.id))[0]?.status === 'delivered', 'the delivery recorded');
    const [logged] = await deliveries(hook.id);
    assert.deepEqual(Object.keys(logged!).sort(), keys(webhookDeliveryShape));
    assert.deepEqual([logged!.event, logged!.action, logged!.attempts, logged!.response_status, logged!.last_error, logged!.next_attempt_at], ['issue', 'created', 1, 204, null, null]);
    assert.deepEqual(await deliveries(other.id), [], 'a webhook for cycles hears nothing of issues');
  });

  test('a receiver that answers 500 is tried again, and the log shows the retry', async () => {
    const hook = await newWebhook();
    let calls = 0;
    receiver.handle((request, response) => {
      if (request.url === hook.path && ++calls === 1) response.writeHead(500).end('down');
      else response.writeHead(204).end();
    });
    const issue = await newIssue();
    assert.equal((await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { priority: 'high' })).status, 200);
    await waitFor(async () => (await deliveries(hook.id)).filter((d) => d.status === 'delivered').length === 2, 'both deliveries', () => deliveries(hook.id));
    const log = await deliveries(hook.id);
    const retried = log.find((delivery) => delivery.attempts === 2)!;
    assert.deepEqual([retried.status, retried.response_status, retried.last_error], ['delivered', 204, null]);
    const attempts = receivedAt(hook.path).map((request) => request.headers['x-webhook-delivery']);
    assert.equal(attempts.length, 3, 'one delivery tried twice, the other once');
    assert.equal(new Set(attempts).size, 2, 'a retry keeps its delivery id');
    const update = log.find((delivery) => delivery.action === 'updated');
    assert.ok(update, 'the priority change is an issue update');
    receiver.handle((_request, response) => response.writeHead(204).end());
  });

  test('a receiver that keeps failing is failed after the last try, with its last answer', async () => {
    const hook = await newWebhook();
    receiver.handle((_request, response) => response.writeHead(503).end());
    await newIssue();
    await waitFor(async () => (await deliveries(hook.id))[0]?.status === 'failed', 'the delivery failed', () => deliveries(hook.id));
    const [failed] = await deliveries(hook.id);
    assert.deepEqual([failed!.attempts, failed!.response_status, failed!.last_error], [3, 503, 'The receiver answered 503.']);
    assert.equal(receivedAt(hook.path).length, 3);
    // Only a delivery still waiting has a next try.
    assert.equal(failed!.next_attempt_at, null, 'a failed delivery is not tried again');
    const due = '2099-01-01T00:00:00.000Z';
    await server.db.query(`INSERT INTO webhook_deliveries (webhook_id, event, action, data, next_attempt_at) VALUES ($1, 'issue', 'updated', '{}', $2)`, [hook.id, due]);
    const waiting = (await deliveries(hook.id)).find((delivery) => delivery.status === 'queued');
    assert.equal(waiting?.next_attempt_at, due);
    receiver.handle((_request, response) => response.writeHead(204).end());
  });

  test('a failed or delivered delivery is sent again on request, as it was, with its tries counted afresh', async () => {
    const hook = await newWebhook();
    receiver.handle((_request, response) => response.writeHead(503).end());
    await newIssue('Sent again');
    await waitFor(async () => (await deliveries(hook.id))[0]?.status === 'failed', 'the delivery failed', () => deliveries(hook.id));
    const [failed] = await deliveries(hook.id);
    const first = receivedAt(hook.path)[0]!;
    receiver.handle((_request, response) => response.writeHead(204).end());
    const again = await seed.actors.admin.post(`${hooksUrl}/${hook.id}/deliveries/${failed!.id}/redeliver`, {});
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.status, 'queued');
    await waitFor(async () => (await deliveries(hook.id))[0]?.status === 'delivered', 'the delivery sent again', () => deliveries(hook.id));
    const [delivered] = await deliveries(hook.id);
    assert.deepEqual([delivered!.attempts, delivered!.response_status, delivered!.last_error], [1, 204, null]);
    const last = receivedAt(hook.path).at(-1)!;
    assert.equal(last.headers['x-webhook-delivery'], failed!.id, 'the same delivery id');
    assert.equal(first.headers['x-webhook-delivery'], failed!.id);
    assert.equal(JSON.parse(last.body).data.name, 'Sent again');
    assert.ok(signedWith(last, hook.secret));
    // Delivered ones too; one still waiting is refused, as is one of another webhook, or of a turned-off one.
    assert.equal((await seed.actors.admin.post(`${hooksUrl}/${hook.id}/deliveries/${failed!.id}/redeliver`, {})).status, 200);
    await waitFor(async () => (await deliveries(hook.id))[0]?.status === 'delivered', 'delivered again', () => deliveries(hook.id));
    const due = await server.db.one<{ id: string }>(`INSERT INTO webhook_deliveries (webhook_id, event, action, data, next_attempt_at) VALUES ($1, 'issue', 'updated', '{}', '2099-01-01') RETURNING id`, [hook.id]);
    const waiting = await seed.actors.admin.post(`${hooksUrl}/${hook.id}/deliveries/${due.id}/redeliver`, {});
    assert.deepEqual([waiting.status, waiting.body], [409, { error: 'This delivery is still being tried: it can be sent again once it has been delivered or has failed.' }]);
    const other = await newWebhook();
    assert.equal((await seed.actors.admin.post(`${hooksUrl}/${other.id}/deliveries/${failed!.id}/redeliver`, {})).status, 404);
    assert.equal((await seed.actors.member.post(`${hooksUrl}/${hook.id}/deliveries/${failed!.id}/redeliver`, {})).status, 403);
    assert.equal((await seed.actors.admin.patch(`${hooksUrl}/${hook.id}`, { is_active: false })).status, 200);
    const off = await seed.actors.admin.post(`${hooksUrl}/${hook.id}/deliveries/${failed!.id}/redeliver`, {});
    assert.deepEqual([off.status, off.body], [409, { error: 'The webhook is turned off: turn it on to send this delivery again.' }]);
    await server.db.query('DELETE FROM webhook_deliveries WHERE id = $1', [due.id]);
  });

  test('a redirect is not followed', async () => {
    const hook = await newWebhook();
    receiver.handle((request, response) => {
      if (request.url === hook.path) response.writeHead(307, { location: `${receiver.url}/elsewhere` }).end();
      else response.writeHead(204).end();
    });
    await newIssue();
    await waitFor(async () => (await deliveries(hook.id))[0]?.status === 'failed', 'the delivery failed', () => deliveries(hook.id));
    assert.equal((await deliveries(hook.id))[0]!.last_error, 'The receiver answered 307, a redirect, which is not followed.');
    assert.equal(receivedAt('/elsewhere').length, 0);
    receiver.handle((_request, response) => response.writeHead(204).end());
  });

  test('comments, cycles, modules and public pages are events; a turned-off webhook hears nothing', async () => {
    const hook = await newWebhook(`/${randomUUID()}`, [...WEBHOOK_EVENTS]);
    const off = await newWebhook();
    await seed.actors.admin.patch(`${hooksUrl}/${off.id}`, { is_active: false });
    const issue = await newIssue();
    const comment = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/comments`, { comment_html: '<p>Hello</p>' });
    assert.equal(comment.status, 201, comment.text);
    const cycle = await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Sprint' });
    assert.equal(cycle.status, 201, cycle.text);
    const module = await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: 'Billing' });
    assert.equal(module.status, 201, module.text);
    const page = await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Notes' });
    assert.equal(page.status, 201, page.text);
    const secret = await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Mine', access: 'private' });
    assert.equal(secret.status, 201, secret.text);
    assert.equal((await seed.actors.admin.delete(`${seed.projectUrl}/cycles/${cycle.body.id}`)).status, 204);
    const expected = ['issue created', 'comment created', 'cycle created', 'module created', 'page created', 'cycle deleted'];
    // Once per delivery: a try that timed out on a busy machine is tried again with the same delivery id (at least once, as receivers expect).
    const delivered = () => [...new Map(receivedAt(hook.path).map((request) => [request.headers['x-webhook-delivery'], request])).values()];
    await waitFor(() => delivered().length === expected.length, 'every event', () => delivered().map((r) => r.body.slice(0, 60)));
    const told = delivered().map((request) => JSON.parse(request.body) as { event: string; action: string; data: { id: string } });
    assert.deepEqual(told.map((payload) => `${payload.event} ${payload.action}`).sort(), [...expected].sort());
    const byEvent = (name: string) => told.find((payload) => payload.event === name)!.data.id;
    assert.deepEqual([byEvent('comment'), byEvent('module'), byEvent('page')], [comment.body.id, module.body.id, page.body.id]);
    assert.equal(receivedAt(off.path).length, 0);
    assert.deepEqual(await deliveries(off.id), []);
  });
});

describe('a hanging receiver', () => {
  let quick: TestServer;
  let quickSeed: Seed;
  before(async () => {
    quick = await startServer({ ...ENV, WEBHOOK_TIMEOUT_MS: '300' });
    quickSeed = await seedWorkspace(quick);
  });
  after(() => quick.close());

  test('never delays the request that caused the event, and its try times out', async () => {
    const hook = await newWebhook(undefined, undefined, quickSeed);
    const held: Array<() => void> = [];
    receiver.handle((request, response) => {
      if (request.url === hook.path) held.push(() => response.writeHead(204).end());
      else response.writeHead(204).end();
    });
    try {
      const issue = await newIssue('Held issue', quickSeed);
      // At least one: a try cut before it reached the receiver on a busy machine is tried again at once.
      await waitFor(() => held.length >= 1, 'the receiver holding the first delivery');
      // While the receiver holds it, another change is answered at once.
      const changed = await quickSeed.actors.member.patch(`${quickSeed.projectUrl}/issues/${issue.id}`, { name: 'Changed while held' });
      assert.equal(changed.status, 200, changed.text);
      assert.equal(held.length >= 1 && receivedAt(hook.path).length >= 1, true);
      const logged = () => deliveries(hook.id, quickSeed);
      await waitFor(async () => (await logged()).some((d) => d.last_error === 'The receiver did not answer within 0.3 seconds.'), 'the try timed out', logged);
    } finally {
      for (const release of held) release();
      receiver.handle((_request, response) => response.writeHead(204).end());
    }
  });
});

describe('private targets', () => {
  let strict: TestServer;
  let strictSeed: Seed;
  before(async () => {
    strict = await startServer({ JOB_POLL_MS: '600000', WEBHOOK_MAX_ATTEMPTS: '1' });
    strictSeed = await seedWorkspace(strict);
  });
  after(() => strict.close());

  test('without WEBHOOK_ALLOW_PRIVATE, plain http and private, loopback and link-local addresses are refused at registration', async () => {
    const url = `${strictSeed.workspaceUrl}/webhooks`;
    const privateAnswer = 'The address points to a private, loopback or link-local network, which webhooks cannot reach.';
    const cases: [string, string][] = [
      ['http://example.com/hook', 'The address must start with https://.'],
      ['https://127.0.0.1/hook', privateAnswer],
      ['https://10.0.0.8/hook', privateAnswer],
      ['https://172.16.3.4/hook', privateAnswer],
      ['https://192.168.1.1/hook', privateAnswer],
      ['https://169.254.169.254/latest', privateAnswer],
      ['https://100.64.0.1/hook', privateAnswer],
      ['https://0.0.0.0/hook', privateAnswer],
      ['https://2130706433/hook', privateAnswer],
      ['https://[::1]/hook', privateAnswer],
      ['https://[fd00::1]/hook', privateAnswer],
      ['https://[fe80::1]/hook', privateAnswer],
      ['https://[::ffff:127.0.0.1]/hook', privateAnswer],
      ['https://localhost/hook', privateAnswer],
    ];
    const answers = [];
    for (const [target] of cases) answers.push(await strictSeed.actors.admin.post(url, { url: target, events: ['issue'] }));
    assert.deepEqual(answers.map((answer) => [answer.status, answer.body]), cases.map(([, error]) => [400, { error, field: 'url' }]));
    const fine = await strictSeed.actors.admin.post(url, { url: 'https://hooks.example.com/in', events: ['issue'] });
    assert.equal(fine.status, 201, fine.text);
    await strictSeed.actors.admin.delete(`${url}/${fine.body.id}`);
  });

  test('at delivery, a name that resolves to a private address is refused and nothing is sent', async () => {
    const before = receiver.requests.length;
    const port = new URL(receiver.url).port;
    const { id } = await strict.db.one<{ id: string }>(
      `INSERT INTO webhooks (workspace_id, url, events, secret) VALUES ($1, $2, '["issue"]', 'x') RETURNING id`,
      [strictSeed.workspace.id, `https://localhost:${port}/hook`],
    );
    const created = await strictSeed.actors.member.post(`${strictSeed.projectUrl}/issues`, { name: 'To a private host' });
    assert.equal(created.status, 201, created.text);
    const read = async () => (await strictSeed.actors.admin.get(`${strictSeed.workspaceUrl}/webhooks/${id}/deliveries`)).body as Array<{ status: string; last_error: string }>;
    await waitFor(async () => (await read())[0]?.status === 'failed', 'the delivery refused', read);
    assert.match((await read())[0]!.last_error, /^localhost resolves to a private address \((127\.0\.0\.1|::1)\), which webhooks cannot reach\.$/);
    assert.equal(receiver.requests.length, before);
  });
});

