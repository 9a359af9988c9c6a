// The bundled server (what `npm start` runs) cleans rich text in its worker threads too, and
// stops promptly on SIGTERM with the pool closed. On PGlite it starts on an empty data folder, as
// a first `npm start` does (the bundle finds PGlite's files and creates the database); with
// DATABASE_URL, on a new database of that server (the bundle's PostgreSQL driver), instead of
// creating the same PGlite database a second time in npm test's PostgreSQL pass.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createDatabase, TestClient, uniqueEmail } from './harness.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cleanups: Array<() => Promise<unknown>> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('the built server cleans rich text in its worker and exits on SIGTERM', { timeout: 180_000 }, async () => {
  // Inside the project, so the bundle's packages resolve from its node_modules.
  await mkdir(join(root, '.test-results'), { recursive: true });
  const buildRoot = await mkdtemp(join(root, '.test-results', 'server-build-'));
  cleanups.push(() => rm(buildRoot, { recursive: true, force: true }));
  const { buildServer } = (await import(join(root, 'scripts/build-server.mjs'))) as { buildServer: (outdir: string) => Promise<void> };
  await buildServer(join(buildRoot, 'dist/server'));

  const dataDir = await mkdtemp(join(tmpdir(), 'rich-editor-built-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL, { migrated: true }) : null;
  if (database) cleanups.push(() => database.drop());
  const child = spawn(process.execPath, [join(buildRoot, 'dist/server/main.mjs')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATABASE_URL: database?.url ?? '', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const port = /http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    void exited.then((code) => reject(new Error(`the server stopped (exit ${code}):\n${output}`)));
  });

  const client = new TestClient({ url });
  await client.signUp({ email: uniqueEmail() });
  const slug = `ws-${Date.now().toString(36)}`;
  assert.equal((await client.post('/api/workspaces', { name: 'Built', slug })).status, 201);
  const project = await client.post(`/api/workspaces/${slug}/projects`, { name: 'Built', identifier: 'BLT' });
  const issue = await client.post(`/api/workspaces/${slug}/projects/${project.body.id}/issues`, {
    name: 'Cleaned in a worker',
    description_html: '<p onclick="x()">Hello <script>alert(1)</script><img src="/\\evil.example/x.png"></p>',
  });
  assert.equal(issue.status, 201, issue.text);
  // Another site's image is kept as its address, not loaded (the image policy, in the worker too).
  assert.equal(issue.body.description_html, '<p>Hello </p><p>//evil.example/x.png</p>');

  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
  assert.equal(code, 0, output);
});
