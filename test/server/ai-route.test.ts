import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sendJson, startFakeHttpServer, type FakeHttpServer } from './fake-http-server.js';
import { membersAndAdmins, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

const LIMIT_MESSAGE = 'You have reached the maximum number of requests of 50 requests per month per user.';

function completion(content: string) {
  return { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
}

let fake: FakeHttpServer;
let server: TestServer;
let seed: Seed;
let url: string;

before(async () => {
  fake = await startFakeHttpServer((_, res) => sendJson(res, 200, completion('**Done.**')));
  server = await startServer({ AI_BASE_URL: `${fake.url}/v1`, AI_API_KEY: 'sk-test', AI_MODEL: 'test-model' });
  seed = await seedWorkspace(server);
  url = `${seed.projectUrl}/ai-assistant/`;
});
after(async () => {
  await server.close();
  await fake.close();
});

async function usedThisMonth(userId: string): Promise<number> {
  return (await server.db.one<{ n: number }>('SELECT count(*) AS n FROM ai_requests WHERE user_id = $1', [userId])).n;
}

async function fillAllowance(userId: string, count: number): Promise<void> {
  await server.db.query('INSERT INTO ai_requests (user_id, workspace_id) SELECT $1, $2 FROM generate_series(1, $3::int)', [userId, seed.workspace.id, count]);
}

describe('POST …/ai-assistant/', () => {
  test('authorization matrix: project Member and up', async () => {
    await seed.expectMatrix('POST', url, { prompt: 'x', task: 'Summarise' }, membersAndAdmins(200));
  });

  test('answers the response as markdown and as rich-text HTML, and counts the request', async () => {
    fake.handle((_, res) => sendJson(res, 200, completion('## Summary\n\n- **fast** login')));
    const before = await usedThisMonth(seed.users.member.id);
    const response = await seed.actors.member.post(url, { prompt: 'The login page is slow.', task: 'Summarise' });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { response: '## Summary\n\n- **fast** login', response_html: '<h2>Summary</h2><ul><li><p><strong>fast</strong> login</p></li></ul>' });
    const sent = JSON.parse(fake.requests.at(-1)!.body) as { model: string; messages: Array<{ content: string }> };
    assert.equal(sent.model, 'test-model');
    assert.match(sent.messages[1]!.content, /^Summarise\n\nText:\n"""\nThe login page is slow.\n"""$/);
    assert.equal(await usedThisMonth(seed.users.member.id), before + 1);
    const row = await server.db.one<{ workspace_id: string }>('SELECT workspace_id FROM ai_requests WHERE user_id = $1 LIMIT 1', [seed.users.member.id]);
    assert.equal(row.workspace_id, seed.workspace.id);
  });

  test('a missing or blank task is 400 "Task is required", and nothing is called or counted', async () => {
    const calls = fake.requests.length;
    for (const body of [{ prompt: 'x' }, { prompt: 'x', task: '   ' }]) {
      const response = await seed.actors.admin.post(url, body);
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { error: 'Task is required' });
    }
    assert.equal((await seed.actors.admin.post(url, { task: 'x', model: 'y' })).status, 400);
    assert.equal(fake.requests.length, calls);
  });

  test('the 50th request of the month succeeds and the 51st is refused with 429', async () => {
    fake.handle((_, res) => sendJson(res, 200, completion('ok')));
    const user = seed.users.admin.id;
    await server.db.query('DELETE FROM ai_requests WHERE user_id = $1', [user]);
    await fillAllowance(user, 49);
    assert.equal((await seed.actors.admin.post(url, { task: 'Go' })).status, 200);
    assert.equal(await usedThisMonth(user), 50);
    const refused = await seed.actors.admin.post(url, { task: 'Go' });
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body, { error: LIMIT_MESSAGE });
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal(await usedThisMonth(user), 50);
  });

  test('after 50 requests this month every request is 429; last month does not count', async () => {
    const { member } = seed.users;
    await server.db.query('DELETE FROM ai_requests WHERE user_id = $1', [member.id]);
    await fillAllowance(member.id, 50);
    const calls = fake.requests.length;
    const response = await seed.actors.member.post(url, { task: 'Go' });
    assert.equal(response.status, 429);
    assert.deepEqual(response.body, { error: LIMIT_MESSAGE });
    assert.equal(fake.requests.length, calls, 'the AI service is not called');
    await server.db.query("UPDATE ai_requests SET created_at = date_trunc('month', now()) - interval '1 day' WHERE user_id = $1", [member.id]);
    assert.equal((await seed.actors.member.post(url, { task: 'Go' })).status, 200);
  });

  test('concurrent requests never exceed the allowance', async () => {
    fake.handle((_, res) => setTimeout(() => sendJson(res, 200, completion('ok')), 20));
    const user = seed.users.member.id;
    await server.db.query('DELETE FROM ai_requests WHERE user_id = $1', [user]);
    await fillAllowance(user, 47);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => seed.actors.member.post(url, { task: 'Go' })))).map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
    assert.equal(await usedThisMonth(user), 50);
  });

  test('an upstream error is 502, an upstream rate limit 503, and neither uses up the allowance', async () => {
    const user = seed.users.member.id;
    await server.db.query('DELETE FROM ai_requests WHERE user_id = $1', [user]);
    fake.handle((_, res) => sendJson(res, 500, { error: { message: 'boom' } }));
    const failed = await seed.actors.member.post(url, { task: 'Go' });
    assert.equal(failed.status, 502);
    assert.deepEqual(failed.body, { error: 'The AI service answered with an error (status 500). Please try again.' });
    fake.handle((_, res) => sendJson(res, 429, { error: { message: 'slow down' } }));
    const limited = await seed.actors.member.post(url, { task: 'Go' });
    assert.equal(limited.status, 503);
    assert.deepEqual(limited.body, { error: 'The AI service is receiving too many requests. Please try again later.' });
    fake.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('not json');
    });
    const unreadable = await seed.actors.member.post(url, { task: 'Go' });
    assert.equal(unreadable.status, 502);
    assert.equal(unreadable.body.error, 'The AI service sent an answer that could not be read.');
    assert.equal(await usedThisMonth(user), 0);
  });
});

describe('without AI configured', () => {
  test('answers 503 in words for users, never naming server variables', async () => {
    const bare = await startServer();
    try {
      const bareSeed = await seedWorkspace(bare);
      const response = await bareSeed.actors.member.post(`${bareSeed.projectUrl}/ai-assistant/`, { prompt: '', task: 'Summarise' });
      assert.equal(response.status, 503);
      assert.deepEqual(response.body, { error: 'The AI assistant is not available on this server.' });
      assert.doesNotMatch(JSON.stringify(response.body), /AI_|API_KEY/);
      assert.equal((await bare.db.one<{ n: number }>('SELECT count(*) AS n FROM ai_requests')).n, 0);
    } finally {
      await bare.close();
    }
  });
});
