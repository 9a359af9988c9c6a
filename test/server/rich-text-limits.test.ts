import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createRichTextPool, MAX_PENDING_PER_USER, MAX_PENDING_PER_WORKSPACE, RICH_TEXT_MAX_BYTES, RICH_TEXT_MAX_ELEMENTS, TOO_MANY_DOCUMENTS, type RichTextPool } from '../../src/server/rich-text/index.js';
import { startServer, type TestClient, type TestServer } from './harness.js';
import { createIssue } from './planning-fixtures.js';

let server: TestServer;
let member: TestClient;
let workspaceUrl: string;
let projectId: string;
let projectUrl: string;

before(async () => {
  server = await startServer();
  member = server.client();
  await member.signUp();
  const slug = `ws-${randomUUID().slice(0, 8)}`;
  assert.equal((await member.post('/api/workspaces', { name: 'Limits', slug })).status, 201);
  const project = await member.post(`/api/workspaces/${slug}/projects`, { name: 'Limits', identifier: 'LIM' });
  assert.equal(project.status, 201, project.text);
  workspaceUrl = `/api/workspaces/${slug}`;
  projectId = project.body.id;
  projectUrl = `${workspaceUrl}/projects/${projectId}`;
});
after(async () => {
  await server?.close();
});

async function newIssue(): Promise<string> {
  const response = await member.post(`${projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}` });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

/** HTML of about `bytes` bytes: paragraphs of about a kilobyte of text, each with a bold word, as long pages are. */
function longHtml(bytes: number): string {
  const paragraph = `<p><strong>Note</strong> ${'lorem ipsum dolor sit amet '.repeat(37)}</p>`;
  const html = paragraph.repeat(Math.floor(bytes / paragraph.length));
  return html + `<p>${'x'.repeat(Math.max(0, bytes - html.length - 7))}</p>`;
}

describe('rich-text limits', () => {
  test('a description, comment or page over the size limit is refused with 413 and a spec-style text', async () => {
    const tooLarge = longHtml(RICH_TEXT_MAX_BYTES + 1);
    assert.equal(Buffer.byteLength(tooLarge), RICH_TEXT_MAX_BYTES + 1);
    const issueId = await newIssue();
    const description = await member.put(`${projectUrl}/issues/${issueId}/description`, { description_html: tooLarge, version: 1 });
    assert.equal(description.status, 413, description.text.slice(0, 200));
    assert.deepEqual(description.body, { error: 'The description size cannot exceed 2 MB.' });

    const created = await member.post(`${projectUrl}/issues`, { name: 'Big', description_html: tooLarge });
    assert.equal(created.status, 413);
    assert.equal(created.body.error, 'The description size cannot exceed 2 MB.');

    const comment = await member.post(`${projectUrl}/issues/${issueId}/comments`, { comment_html: tooLarge });
    assert.equal(comment.status, 413);
    assert.equal(comment.body.error, 'The comment size cannot exceed 2 MB.');

    const page = await member.post(`${projectUrl}/pages`, { name: 'Big page', description_html: tooLarge });
    assert.equal(page.status, 413);
    assert.equal(page.body.error, 'The page size cannot exceed 2 MB.');
  });

  test('a body over 10 MB is refused with 413 before it is read', async () => {
    const issueId = await newIssue();
    const response = await member.put(`${projectUrl}/issues/${issueId}/description`, { description_html: 'x'.repeat(10 * 1024 * 1024), version: 1 });
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { error: 'The request size cannot exceed 10 MB.' });
  });

  test('a body over 10 MB streamed without a length (chunked) gets the 413 sentence too, not a dropped connection', async () => {
    const { port } = new URL(server.url);
    const total = 30 * 1024 * 1024;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', cookie: `session=${member.cookie('session')}`, origin: server.url };
      const req = request({ host: '127.0.0.1', port, path: '/api/users/me', method: 'PATCH', headers }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write('{"display_name":"');
      const chunk = 'x'.repeat(1024 * 1024);
      let sent = 0;
      const pump = (): void => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end('"}');
      };
      pump();
    });
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.text), { error: 'The request size cannot exceed 10 MB.' });
  });

  test('multi-byte text counts in bytes', async () => {
    const issueId = await newIssue();
    const html = `<p>${'é'.repeat(RICH_TEXT_MAX_BYTES / 2)}</p>`;
    const response = await member.put(`${projectUrl}/issues/${issueId}/description`, { description_html: html, version: 1 });
    assert.equal(response.status, 413);
  });

  test('too many elements are refused with 413, in HTML and in the editor JSON', async () => {
    const issueId = await newIssue();
    const manyTags = '<p><em>a</em></p>'.repeat(RICH_TEXT_MAX_ELEMENTS / 2 + 1);
    assert.ok(manyTags.length < RICH_TEXT_MAX_BYTES);
    const html = await member.put(`${projectUrl}/issues/${issueId}/description`, { description_html: manyTags, version: 1 });
    assert.equal(html.status, 413, html.text.slice(0, 200));
    assert.deepEqual(html.body, { error: 'The description cannot exceed 100,000 elements.' });

    const json = {
      type: 'doc',
      content: Array.from({ length: RICH_TEXT_MAX_ELEMENTS / 2 + 1 }, () => ({ type: 'paragraph', content: [{ type: 'text', text: 'a' }] })),
    };
    const fromJson = await member.put(`${projectUrl}/issues/${issueId}/description`, { description_html: '', description_json: json, version: 1 });
    assert.equal(fromJson.status, 413, fromJson.text.slice(0, 200));
    assert.deepEqual(fromJson.body, { error: 'The description cannot exceed 100,000 elements.' });
  });

  test('a description just under the limits is saved whole', async () => {
    const issueId = await newIssue();
    const html = longHtml(RICH_TEXT_MAX_BYTES - 1024);
    const response = await member.put(`${projectUrl}/issues/${issueId}/description`, { description_html: html, version: 1 });
    assert.equal(response.status, 200, response.text.slice(0, 200));
    assert.equal(response.body.version, 2);
    assert.ok(response.body.description_html.length > RICH_TEXT_MAX_BYTES - 4096);
  });

  test('while a maximum-size description is being saved, the server keeps answering other requests', async () => {
    const issueId = await newIssue();
    const html = longHtml(RICH_TEXT_MAX_BYTES);
    const reading = markReadings('normalise');
    try {
      let saving = true;
      const save = member.put(`${projectUrl}/issues/${issueId}/description`, { description_html: html, version: 1 }).finally(() => {
        saving = false;
      });
      // Requests one after another while the save lasts, until one was answered while it was read.
      let answered = 0;
      let answeredDuringReading = 0;
      while (saving && answeredDuringReading === 0) {
        const during = reading.current();
        const me = await member.get('/api/users/me');
        assert.equal(me.status, 200);
        answered++;
        if (during && reading.current() === during) answeredDuringReading++;
      }
      const saved = await save;
      assert.equal(saved.status, 200, saved.text.slice(0, 200));
      assert.equal(reading.count(), 1, 'the save read its description through the rich-text pool');
      assert.ok(answeredDuringReading > 0, `no request was answered while the description was being read (${answered} answered during the save)`);
    } finally {
      reading.restore();
    }
  });
});

/**
 * Marks each reading the server's rich-text pool does with `method`: `current()` is the one under
 * way (0 when none). A request sent and answered within one reading was answered while it ran,
 * which a reading on the server's own thread would not allow (it would hold every other request
 * until it ended); no clock is involved.
 */
function markReadings(method: 'normalise' | 'toPlain'): { current(): number; count(): number; restore(): void } {
  const pool = server.app.richText;
  const original = pool[method] as (...args: unknown[]) => Promise<unknown>;
  let current = 0;
  let count = 0;
  const marked = async (...args: unknown[]) => {
    const id = (current = ++count);
    try {
      return await original.apply(pool, args);
    } finally {
      if (current === id) current = 0;
    }
  };
  Object.assign(pool, { [method]: marked });
  return { current: () => current, count: () => count, restore: () => void Object.assign(pool, { [method]: original }) };
}

/** HTML of about `bytes` bytes in short paragraphs, each with two marked words: within the limits, and slow to read. */
function denseHtml(bytes: number): string {
  const paragraph = `<p>${'word '.repeat(30)}<strong>bold</strong> and <em>it</em></p>`;
  return paragraph.repeat(Math.floor(bytes / paragraph.length));
}

describe('exports of long descriptions', () => {
  test('while descriptions of the maximum size are read for an export, the server keeps answering other requests', async () => {
    // Descriptions of the maximum size (a save of one is tested above); each takes seconds to read as plain text.
    const html = denseHtml(RICH_TEXT_MAX_BYTES);
    for (const name of ['Long one', 'Long two']) await createIssue(server.db, projectId, { name, description_html: html });
    const reading = markReadings('toPlain');
    try {
      const created = await member.post(`${workspaceUrl}/exports`, { provider: 'csv', project_ids: [projectId] });
      assert.equal(created.status, 201, created.text);
      const status = async () => (await server.db.one<{ status: string }>('SELECT status FROM export_jobs WHERE id = $1', [created.body.id])).status;
      let answered = 0;
      let answeredDuringReading = 0;
      const deadline = Date.now() + 120_000;
      // Requests one after another while the export runs, until one was answered while a
      // description was read; then the export is only watched until it ends (each request is
      // served on this process, beside the readings).
      while (['queued', 'processing'].includes(await status()) && Date.now() < deadline) {
        if (answeredDuringReading > 0) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        const during = reading.current();
        const me = await member.get('/api/users/me');
        assert.equal(me.status, 200);
        answered++;
        if (during && reading.current() === during) answeredDuringReading++;
      }
      assert.equal(await status(), 'completed');
      const download = await member.get(`${workspaceUrl}/exports/${created.body.id}/download`);
      assert.equal(download.status, 200);
      assert.match(download.text, /,Long one,.*"word word word [^"]*bold and it\r?\nword word/);
      assert.ok(reading.count() > 0, 'the export read its descriptions through the rich-text pool');
      assert.ok(answeredDuringReading > 0, `no request was answered while a description was being read (${answered} answered during the export)`);
    } finally {
      reading.restore();
    }
  });
});

describe('the rich-text pool', () => {
  let pool: RichTextPool | null = null;
  after(async () => {
    await pool?.close();
  });

  /**
   * A pool whose every timeout of at most `expiredUpTo` ms has run out by the time a thread has
   * taken the task (the clock, made to pass at once: the largest document is still being read),
   * and whose longer timeouts never run out. It records each timeout asked for.
   */
  function poolWithExpiredTimeouts(timeoutMs: number, expiredUpTo: number, asked: number[] = []): RichTextPool {
    return createRichTextPool({
      threads: 1,
      timeoutMs,
      timeoutSignal: (ms) => {
        asked.push(ms);
        return ms <= expiredUpTo ? AbortSignal.abort(new DOMException('The operation timed out.', 'TimeoutError')) : new AbortController().signal;
      },
    });
  }

  test('a document taking longer than the timeout is given up with 413', async () => {
    const asked: number[] = [];
    pool = poolWithExpiredTimeouts(150, 150, asked);
    const error = await pool.normalise({ html: longHtml(RICH_TEXT_MAX_BYTES) }, 'page').catch((e: unknown) => e);
    assert.equal((error as { statusCode?: number }).statusCode, 413);
    assert.equal((error as Error).message, 'The page took too long to read. Make it shorter and try again.');
    assert.deepEqual(asked, [150]);
    await pool.close();
    pool = null;
  });

  test("stored rich text read for an export is not held to the saves' timeout", async () => {
    // A read held to the saves' 150 ms would be given up at once here.
    const asked: number[] = [];
    pool = poolWithExpiredTimeouts(150, 150, asked);
    const html = denseHtml(RICH_TEXT_MAX_BYTES / 2);
    const [plain] = await pool.toPlain([html]);
    assert.match(plain!, /^word word .*bold and it$/m);
    assert.equal(asked.length, 1, 'the read was timed once its thread had it');
    assert.ok(asked[0]! > 150, `the export's read was timed with ${asked[0]} ms`);
    await pool.close();
    pool = null;
  });

  test('a document is cleaned in a worker thread like anywhere else', async () => {
    pool = createRichTextPool({ threads: 1, timeoutMs: 60_000 });
    assert.deepEqual(await pool.normalise({ html: '<p>ok<script>x</script></p>' }, 'page'), {
      html: '<p>ok</p>',
      json: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'ok' }] }] },
    });
    const code = await pool.normalise({ html: '<pre data-language="ts"><code>const a = 1;</code></pre><p><img src="/a.png" onerror="x()"></p>' }, 'page');
    assert.equal(code.html, '<pre data-language="ts"><code class="language-ts">const a = 1;</code></pre><p></p><img width="35%" src="/a.png" style="width: 35%; height: auto;">');
  });

  test('markdown (AI answers) is turned into rich text in the pool too', async () => {
    pool ??= createRichTextPool({ threads: 1, timeoutMs: 60_000 });
    const richText = await pool.fromMarkdown('# Title\n\n[x](javascript:alert(1)) **bold**');
    assert.equal(richText.html, '<h1>Title</h1><p>x <strong>bold</strong></p>');
  });

  test("one account's flood neither holds another workspace's save nor gets past its share: 429 with Retry-After", async () => {
    const own = createRichTextPool({ threads: 1, timeoutMs: 60_000 });
    try {
      const flooder = { workspace: 'w-flood', user: 'u-flood' };
      const finished: string[] = [];
      const page = longHtml(200 * 1024);
      const floods = Array.from({ length: MAX_PENDING_PER_USER }, (_, i) => own.normalise({ html: page }, 'description', flooder).then(() => finished.push(`flood ${i + 1}`)));
      const refused = (await own.normalise({ html: page }, 'description', flooder).catch((e: unknown) => e)) as { statusCode?: number; message: string; headers?: Record<string, string> };
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.message, TOO_MANY_DOCUMENTS);
      assert.equal(refused.headers?.['retry-after'], '5');
      // Another workspace's one-line comment takes the next turn, not the last.
      const comment = own.normalise({ html: '<p>a one-line comment</p>' }, 'comment', { workspace: 'w-victim', user: 'u-victim' }).then(() => finished.push('comment'));
      await Promise.all([...floods, comment]);
      assert.ok(finished.indexOf('comment') <= 2, `the comment waited for ${finished.indexOf('comment')} of the flood's documents: ${finished.join(', ')}`);
      // A workspace's share holds across its users.
      const members = Array.from({ length: MAX_PENDING_PER_WORKSPACE / MAX_PENDING_PER_USER }, (_, i) => ({ workspace: 'w-team', user: `u-team-${i}` }));
      const team = members.flatMap((owner) => Array.from({ length: MAX_PENDING_PER_USER }, () => own.normalise({ html: '<p>x</p>' }, 'comment', owner)));
      const over = await own.normalise({ html: '<p>x</p>' }, 'comment', { workspace: 'w-team', user: 'u-team-new' }).catch((e: { statusCode?: number }) => e.statusCode);
      assert.equal(over, 429);
      await Promise.all(team);
      assert.deepEqual(await own.normalise({ html: '<p>x</p>' }, 'comment', { workspace: 'w-team', user: 'u-team-new' }).then((r) => r.html), '<p>x</p>');
    } finally {
      await own.close();
    }
  });

  test('the timeout counts the time a document is read, not the time it waited for a thread or the thread took to start', async () => {
    // Each task's timeout starts when a thread has loaded the reader and taken it: with one
    // thread, ten documents given at once are timed one after another, each once the one before
    // it was read, and none before the thread has started. (A short document can be read before
    // the thread's word that it took it arrives: it is then not timed at all, so the k-th timeout
    // started belongs to the k-th document or a later one.)
    const started: Array<{ ms: number; saved: number }> = [];
    let saved = 0;
    const own = createRichTextPool({
      threads: 1,
      timeoutMs: 60_000,
      timeoutSignal: (ms) => {
        started.push({ ms, saved });
        return AbortSignal.timeout(ms);
      },
    });
    try {
      const saves = Array.from({ length: 10 }, (_, i) =>
        own.normalise({ html: `<p>page ${i}</p>` }, 'page', { workspace: `w-${i}`, user: `u-${i}` }).then((page) => {
          saved++;
          return page.html;
        }),
      );
      assert.equal(started.length, 0, 'a document was timed before the thread had it');
      assert.deepEqual(await Promise.all(saves), Array.from({ length: 10 }, (_, i) => `<p>page ${i}</p>`));
      for (const [k, timed] of started.entries()) {
        assert.equal(timed.ms, 60_000);
        assert.ok(timed.saved >= k, `timeout ${k} started when ${timed.saved} documents were read, before a thread had its document`);
      }
    } finally {
      await own.close();
    }
  });

  test('stored rich text is read as plain text in order; when the pool is full a save is refused but an export waits its turn', async () => {
    pool ??= createRichTextPool({ threads: 1, timeoutMs: 60_000 });
    assert.deepEqual(await pool.toPlain(['<p>one</p><p>two<br>lines</p>', null, '<p><span data-type="mention" data-label="Ada">@Ada</span> hi</p>']), [
      'one\ntwo\nlines',
      '',
      '@Ada hi',
    ]);
    // A queue filled past its limit (64 waiting) by saves given all at once: the tasks are counted
    // as they are given, before any thread can finish one, so short pages fill it as surely as
    // long ones, and the waiting export is refused at first and asks again until there is room.
    const page = longHtml(4 * 1024);
    const saves = Array.from({ length: 80 }, () => pool!.normalise({ html: page }, 'page').then(() => 'saved', (error: { statusCode?: number }) => error.statusCode));
    const plain = pool.toPlain(['<p>exported</p>']);
    const outcomes = await Promise.all(saves);
    assert.ok(outcomes.includes(503), `no save was refused: ${outcomes.join(',')}`);
    assert.deepEqual(await plain, ['exported']);
  });
});
