import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { MAX_PENDING_PER_USER, RICH_TEXT_MAX_BYTES, RICH_TEXT_MAX_ELEMENTS } from '../../src/server/rich-text/index.js';
import { startServer, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let member: TestClient;
let projectUrl: string;

/**
 * One thread, as the default on a two-core machine. The time each document may take is not this
 * test's to judge: a document of the limits reads in 2 to 4 s alone, within the default 20 s
 * (DEFAULT_RICH_TEXT_TIMEOUT_MS), which `npm run bench:rich-text` measures and compares; in a full
 * npm test the thread shares two cores with a dozen processes and took past 20 s once. The bound
 * here only stops a read that never ends.
 */
const ENV = { RICH_TEXT_THREADS: '1', RICH_TEXT_TIMEOUT_MS: '600000' };

before(async () => {
  server = await startServer(ENV);
  member = server.client();
  await member.signUp();
  const slug = `ws-${randomUUID().slice(0, 8)}`;
  assert.equal((await member.post('/api/workspaces', { name: 'Load', slug })).status, 201);
  const project = await member.post(`/api/workspaces/${slug}/projects`, { name: 'Load', identifier: 'LOAD' });
  assert.equal(project.status, 201, project.text);
  projectUrl = `/api/workspaces/${slug}/projects/${project.body.id}`;
});
after(async () => {
  await server?.close();
});

/** One paragraph of `marks` bold and italic words: as many elements as the limit allows, in about 1.6 MB. */
function markedHtml(marks: number): string {
  let html = '<p>';
  for (let i = 0; i < marks; i++) html += i % 2 ? '<em>cd</em> ' : '<strong>ab</strong> ';
  return `${html}</p>`;
}

describe('rich text at the limits, several at once', () => {
  test('three descriptions of 99,000 marks posted at once by one member are all saved, one after another on one thread', async () => {
    const html = markedHtml(99_000);
    assert.ok(Buffer.byteLength(html) < RICH_TEXT_MAX_BYTES && 99_001 < RICH_TEXT_MAX_ELEMENTS);
    assert.ok(3 <= MAX_PENDING_PER_USER);
    const responses = await Promise.all(
      [1, 2, 3].map((n) => member.post(`${projectUrl}/issues`, { name: `Marked ${n}`, description_html: html })),
    );
    for (const response of responses) assert.equal(response.status, 201, response.text.slice(0, 200));
    // The editor writes this markup back byte for byte: nothing was cut or read as text.
    const stored = await member.get(`${projectUrl}/issues/${responses[2].body.id}`);
    assert.equal(stored.status, 200);
    assert.equal(stored.body.description_html, html);
  });
});
