import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { AI_SYSTEM_MESSAGE, AiNotConfiguredError, AiTimeoutError, AiUpstreamError, createAiClient } from '../../src/server/ai/index.js';
import { sendJson, startFakeHttpServer, type FakeHttpServer } from './fake-http-server.js';

function completion(content: unknown) {
  return { id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
}

describe('createAiClient', () => {
  let fake: FakeHttpServer;

  before(async () => {
    fake = await startFakeHttpServer((_, res) => sendJson(res, 200, completion('ok')));
  });

  after(async () => {
    await fake.close();
  });

  const client = (timeoutMs?: number) => createAiClient({ baseUrl: `${fake.url}/v1/`, apiKey: 'sk-test-123', model: 'test-model', timeoutMs });

  it('is configured only with a web base URL, a key and a model', () => {
    assert.equal(client().isConfigured, true);
    assert.equal(createAiClient({ baseUrl: fake.url, apiKey: 'k', model: '' }).isConfigured, false);
    assert.equal(createAiClient({ baseUrl: fake.url, apiKey: '  ', model: 'm' }).isConfigured, false);
    assert.equal(createAiClient({ baseUrl: null, apiKey: 'k', model: 'm' }).isConfigured, false);
    assert.equal(createAiClient({ baseUrl: 'ftp://x', apiKey: 'k', model: 'm' }).isConfigured, false);
    assert.equal(createAiClient({ baseUrl: 'not a url', apiKey: 'k', model: 'm' }).isConfigured, false);
  });

  it('without configuration tells users it is not available, keeps the variables for the log, and calls nothing', async () => {
    const before = fake.requests.length;
    const error = await createAiClient({}).ask({ prompt: 'x', task: 'y' }).catch((e: unknown) => e);
    assert.ok(error instanceof AiNotConfiguredError);
    assert.equal(error.message, 'The AI assistant is not available on this server.');
    assert.equal(error.hint, 'Set AI_BASE_URL, AI_API_KEY and AI_MODEL to enable the AI assistant.');
    assert.equal(error.statusCode, 503);
    assert.equal(fake.requests.length, before);
  });

  it('sends the model, the key and the messages to /chat/completions', async () => {
    fake.handle((_, res) => sendJson(res, 200, completion('Done.')));
    await client().ask({ prompt: 'The login page is slow.', task: 'Write an issue description' });
    const request = fake.requests.at(-1)!;
    assert.equal(request.method, 'POST');
    assert.equal(request.url, '/v1/chat/completions');
    assert.equal(request.headers.authorization, 'Bearer sk-test-123');
    assert.match(request.headers['content-type'] ?? '', /^application\/json/);
    const body = JSON.parse(request.body) as { model: string; messages: Array<{ role: string; content: string }> };
    assert.equal(body.model, 'test-model');
    assert.deepEqual(body.messages, [
      { role: 'system', content: AI_SYSTEM_MESSAGE },
      { role: 'user', content: 'Write an issue description\n\nText:\n"""\nThe login page is slow.\n"""' },
    ]);
    assert.match(AI_SYSTEM_MESSAGE, /issues and pages/);
  });

  it('sends the task alone when there is no text', async () => {
    fake.handle((_, res) => sendJson(res, 200, completion('Done.')));
    await client().ask({ prompt: '  ', task: 'Suggest a title' });
    const body = JSON.parse(fake.requests.at(-1)!.body) as { messages: Array<{ content: string }> };
    assert.equal(body.messages[1].content, 'Suggest a title');
  });

  it('returns the answer as text and as schema-valid rich text', async () => {
    fake.handle((_, res) => sendJson(res, 200, completion('## Steps\n\n1. Open **login**\n2. Wait <script>alert(1)</script>\n\n[docs](javascript:alert(1))\n')));
    const answer = await client().ask({ prompt: 'p', task: 't' });
    assert.equal(answer.response, '## Steps\n\n1. Open **login**\n2. Wait <script>alert(1)</script>\n\n[docs](javascript:alert(1))');
    assert.equal(
      answer.response_html,
      '<h2>Steps</h2><ol><li><p>Open <strong>login</strong></p></li><li><p>Wait &lt;script&gt;alert(1)&lt;/script&gt;</p></li></ol>' +
        '<p>docs</p>',
    );
  });

  it('reads content sent as text parts, and an empty answer as empty', async () => {
    fake.handle((_, res) => sendJson(res, 200, completion([{ type: 'text', text: 'Hello ' }, { type: 'text', text: 'world' }])));
    assert.deepEqual(await client().ask({ prompt: '', task: 't' }), { response: 'Hello world', response_html: '<p>Hello world</p>' });
    fake.handle((_, res) => sendJson(res, 200, completion('')));
    assert.deepEqual(await client().ask({ prompt: '', task: 't' }), { response: '', response_html: '' });
  });

  it('refuses an empty task with the spec message before calling', async () => {
    const before = fake.requests.length;
    await assert.rejects(client().ask({ prompt: 'p', task: '  ' }), { name: 'RangeError', message: 'Please enter some task to get AI assistance.' });
    assert.equal(fake.requests.length, before);
  });

  it('reports an upstream 429 as rate limited', async () => {
    fake.handle((_, res) => sendJson(res, 429, { error: { message: 'Rate limit reached' } }));
    const error = await client().ask({ prompt: 'p', task: 't' }).catch((e: unknown) => e);
    assert.ok(error instanceof AiUpstreamError);
    assert.equal(error.upstreamStatus, 429);
    assert.equal(error.rateLimited, true);
    assert.equal(error.statusCode, 503);
    assert.equal(error.message, 'The AI service is receiving too many requests. Please try again later.');
  });

  it('reports an upstream 500 as a failed upstream', async () => {
    fake.handle((_, res) => sendJson(res, 500, { error: { message: 'internal: key sk-live-xyz invalid' } }));
    const error = await client().ask({ prompt: 'p', task: 't' }).catch((e: unknown) => e);
    assert.ok(error instanceof AiUpstreamError);
    assert.equal(error.upstreamStatus, 500);
    assert.equal(error.rateLimited, false);
    assert.equal(error.statusCode, 502);
    assert.equal(error.message, 'The AI service answered with an error (status 500). Please try again.');
  });

  it('reports malformed JSON and bodies without an answer as unreadable', async () => {
    for (const send of [
      (res: ServerResponse) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"choices": [');
      },
      (res: ServerResponse) => sendJson(res, 200, { choices: [] }),
      (res: ServerResponse) => sendJson(res, 200, { choices: [{ message: { content: 42 } }] }),
      (res: ServerResponse) => sendJson(res, 200, 'hello'),
    ]) {
      fake.handle((_, res) => send(res));
      const error = await client().ask({ prompt: 'p', task: 't' }).catch((e: unknown) => e);
      assert.ok(error instanceof AiUpstreamError);
      assert.equal(error.upstreamStatus, 200);
      assert.equal(error.statusCode, 502);
      assert.equal(error.message, 'The AI service sent an answer that could not be read.');
    }
  });

  it('gives up after the timeout', async () => {
    fake.handle(() => {
      // Never answers.
    });
    const started = Date.now();
    const error = await client(150).ask({ prompt: 'p', task: 't' }).catch((e: unknown) => e);
    assert.ok(error instanceof AiTimeoutError, String(error));
    assert.equal(error.statusCode, 504);
    assert.equal(error.message, 'The AI service did not answer within 0.2 seconds. Please try again.');
    assert.ok(Date.now() - started < 5000);
  });

  it('gives up after the timeout when the body stalls halfway', async () => {
    fake.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"choices": [');
    });
    const error = await client(150).ask({ prompt: 'p', task: 't' }).catch((e: unknown) => e);
    assert.ok(error instanceof AiTimeoutError, String(error));
  });

  it('passes on the caller abort as it is', async () => {
    fake.handle(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const pending = client().ask({ prompt: 'p', task: 't', signal: controller.signal });
    controller.abort(new Error('client went away'));
    await assert.rejects(pending, { message: 'client went away' });
  });

  it('reports an unreachable service', async () => {
    const closed = await startFakeHttpServer(() => {});
    await closed.close();
    const error = await createAiClient({ baseUrl: closed.url, apiKey: 'k', model: 'm' }).ask({ prompt: 'p', task: 't' }).catch((e: unknown) => e);
    assert.ok(error instanceof AiUpstreamError);
    assert.equal(error.upstreamStatus, null);
    assert.equal(error.message, 'The AI service could not be reached.');
  });

  it('uses the fetch it is given', async () => {
    const calls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify(completion('*hi*')), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const answer = await createAiClient({ baseUrl: 'https://ai.example.test/v1', apiKey: 'k', model: 'm', fetch }).ask({ prompt: '', task: 't' });
    assert.deepEqual(calls, ['https://ai.example.test/v1/chat/completions']);
    assert.equal(answer.response_html, '<p><em>hi</em></p>');
  });
});
