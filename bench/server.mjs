// npm run bench:server: the API server's throughput and latency under autocannon, on PGlite
// and on PostgreSQL, against a ceiling measured in the same run.
//
// The server runs in a child process (bench/server-child.ts) with production settings, on
// 127.0.0.1 with a free port, over a fresh data folder (PGlite) or a throwaway database on
// DATABASE_URL's server (PostgreSQL). The bench seeds a project through the API (a few hundred
// issues with labels and assignees), signs in once and reuses the cookie, then loads each
// target with autocannon from this process: the issue list (50 rows), an issue's detail, the
// issue search and issue creation, and the ceiling, a static JSON text as large as the list
// served by a fastify with the server's own options. Figures are compared with the ceiling
// because absolute ones depend on everything else the machine is doing.
//
// Flags: --db pglite|postgres|both (default: both with DATABASE_URL, else pglite),
// --quick (3 s per target instead of 10), --connections N (default 20), --targets a,b (a subset
// of list,detail,search,create; the ceiling always runs), --profile (writes the server's CPU
// profile during each measured target to bench/.profiles/<database>-<target>.cpuprofile, for
// Chromium's DevTools or any .cpuprofile viewer), --no-write (print only).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { printServerTable, serverEnvironment, serverTargetChecks, writeServerDocs } from './server-report.mjs';
import { commandLine } from './args.mjs';

const root = new URL('..', import.meta.url).pathname;
const { flag, option } = commandLine(import.meta.url);

const QUICK = flag('quick');
const DURATION = QUICK ? 3 : 10;
const WARMUP = QUICK ? 1 : 2;
const CONNECTIONS = Number(option('connections', 20));
const DB = option('db', process.env.DATABASE_URL ? 'both' : 'pglite');
if (!['pglite', 'postgres', 'both'].includes(DB)) throw new Error(`--db takes pglite, postgres or both, not ${DB}`);
if (DB !== 'pglite' && !process.env.DATABASE_URL) {
  throw new Error('--db postgres needs DATABASE_URL (a role allowed to create databases), e.g. postgres://user:password@localhost:5432/postgres');
}
const TARGETS = option('targets', 'list,detail,search,create').split(',');
for (const target of TARGETS) {
  if (!['list', 'detail', 'search', 'create'].includes(target)) throw new Error(`Unknown target ${target}`);
}
const PROFILE_DIR = flag('profile') ? join(root, 'bench/.profiles') : null;
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const ISSUES = 300;
const LABELS = ['bug', 'feature', 'design', 'docs', 'performance', 'security', 'backend', 'frontend'];
// With the admin, five sign-ups: as many as the production limit lets one address make in a minute.
const ASSIGNEES = 4;
const WORDS = ['editor', 'toolbar', 'table', 'paste', 'image', 'mention', 'search', 'export', 'theme', 'cover', 'cycle', 'module'];
const VERBS = ['Fix', 'Improve', 'Add', 'Remove', 'Refactor', 'Document', 'Test', 'Speed up'];

// ---------------------------------------------------------------- database and server

/** Runs one statement on the PostgreSQL server as DATABASE_URL's role. */
async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database on DATABASE_URL's server, dropped by the returned function. */
async function throwawayDatabase() {
  const name = `rich_editor_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Starts bench/server-child.ts over `databaseUrl` (null: PGlite in a temporary folder). */
async function startServer(databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rich-editor-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = fork(join(root, 'bench/server-child.ts'), [], {
    cwd: root,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The server logs to stdout as in production; the bench keeps the last lines to explain a failure.
  const tail = [];
  let logLines = 0;
  const keep = (chunk) => {
    const lines = String(chunk).split('\n').filter(Boolean);
    logLines += lines.length;
    tail.push(...lines);
    tail.splice(0, Math.max(0, tail.length - 20));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const message = (predicate) =>
    new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (predicate(m)) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m);
        }
      };
      const onExit = (code) => reject(new Error(`The server exited (${code}):\n${tail.join('\n')}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await message((m) => m.ready);
  return {
    api: `http://127.0.0.1:${ready.api}`,
    ceiling: `http://127.0.0.1:${ready.ceiling}`,
    kind: ready.kind,
    async setStaticBody(text) {
      child.send({ staticBody: text });
      await message((m) => m.staticBodySet === text.length);
    },
    /** The CPU time (user and system, microseconds) the server process has used so far. */
    async cpu() {
      child.send({ cpu: true });
      return (await message((m) => m.cpuMicroseconds !== undefined)).cpuMicroseconds;
    },
    /** Runs `fn` with the server's CPU profiler on, writing the profile to `file`. */
    async profiled(file, fn) {
      child.send({ profile: 'start' });
      await message((m) => m.profiling);
      try {
        return await fn();
      } finally {
        child.send({ profile: 'stop', file });
        await message((m) => m.profiled === file);
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return { logLines, lastLines: tail.slice(-3) };
    },
  };
}

// ---------------------------------------------------------------- seeding through the API

/** A client keeping one session cookie, sending the Origin a browser would. */
function client(base) {
  let cookie = '';
  const request = async (method, path, body) => {
    const headers = { origin: base };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('session='));
    if (setCookie) cookie = setCookie.split(';')[0];
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
  };
  return {
    request,
    get cookie() {
      return cookie;
    },
  };
}

/** A seeded random number generator (mulberry32), so every run seeds the same project. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A workspace and project with ISSUES issues, LABELS labels and ASSIGNEES people; returns what the targets need. */
async function seed(base) {
  const rnd = random(42);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const some = (xs, max) => [...new Set(Array.from({ length: Math.floor(rnd() * (max + 1)) }, () => pick(xs)))];
  const admin = client(base);
  await admin.request('POST', '/api/auth/sign-up', { email: 'admin@bench.example', password: 'correct horse battery', display_name: 'Ada Admin' });
  await admin.request('POST', '/api/workspaces', { name: 'Bench', slug: 'bench' });
  const project = (await admin.request('POST', '/api/workspaces/bench/projects', { name: 'Editor', identifier: 'ED' })).body;
  const projectUrl = `/api/workspaces/bench/projects/${project.id}`;
  const people = [];
  for (let i = 0; i < ASSIGNEES; i++) {
    const person = client(base);
    await person.request('POST', '/api/auth/sign-up', { email: `person${i}@bench.example`, password: 'correct horse battery', display_name: `Person ${i}` });
    const user = (await person.request('GET', '/api/users/me')).body;
    await admin.request('POST', '/api/workspaces/bench/members', { email: user.email, role: 15 });
    await admin.request('POST', `${projectUrl}/members`, { user_id: user.id, role: 15 });
    people.push(user.id);
  }
  const labels = [];
  for (const [i, name] of LABELS.entries()) {
    labels.push((await admin.request('POST', `${projectUrl}/labels`, { name, color: `#${(0x336699 + i * 0x102030).toString(16).slice(-6)}` })).body.id);
  }
  const states = (await admin.request('GET', `${projectUrl}/states`)).body.map((s) => s.id);
  const issueBody = (i) => ({
    name: `${pick(VERBS)} the ${pick(WORDS)} ${pick(WORDS)} (${i})`,
    description_html: `<p>${pick(VERBS)} the <strong>${pick(WORDS)}</strong> when the ${pick(WORDS)} is open.</p><ul><li><p>${pick(WORDS)}</p></li><li><p>${pick(WORDS)}</p></li></ul>`,
    priority: pick(['urgent', 'high', 'medium', 'low', 'none']),
    state_id: pick(states),
    label_ids: some(labels, 3),
    assignee_ids: some(people, 2),
    ...(rnd() < 0.6 ? { target_date: `2026-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}` } : {}),
  });
  const ids = [];
  for (let i = 0; i < ISSUES; i++) ids.push((await admin.request('POST', `${projectUrl}/issues`, issueBody(i))).body.id);
  const list = await admin.request('GET', `${projectUrl}/issues?limit=50`);
  if (list.body.length !== 50) throw new Error(`The list answered ${list.body.length} rows, not 50`);
  return { admin, projectUrl, ids, labels, people, listText: list.text, issueBody };
}

// ---------------------------------------------------------------- load

/** autocannon against `url` for `seconds`, `requests` rotating; the figures the report keeps. */
async function load(url, { seconds, headers = {}, requests }) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(requests ? { requests } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** Rotates through `paths` (one per request) with the same method, headers and body maker. */
function rotating(paths, make = () => ({})) {
  let i = 0;
  return [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length], ...make(i) }) }];
}

async function benchDatabase(kind) {
  const database = kind === 'postgres' ? await throwawayDatabase() : null;
  const server = await startServer(database?.url ?? null);
  try {
    const started = Date.now();
    const data = await seed(server.api);
    const seedSeconds = (Date.now() - started) / 1000;
    await server.setStaticBody(data.listText);
    const headers = { cookie: data.admin.cookie };
    const targets = {
      list: { path: `${data.projectUrl}/issues?limit=50` },
      detail: { requests: rotating(data.ids.slice(0, 50).map((id) => `${data.projectUrl}/issues/${id}`)) },
      search: { requests: rotating(WORDS.map((word) => `${data.projectUrl}/search-issues?search=${word}`)) },
      create: {
        requests: rotating([`${data.projectUrl}/issues`], (i) => ({
          method: 'POST',
          headers: { ...headers, origin: server.api, 'content-type': 'application/json' },
          body: JSON.stringify(data.issueBody(ISSUES + i)),
        })),
      },
    };
    const results = {};
    const run = async (name, target) => {
      const base = name === 'ceiling' ? server.ceiling : server.api;
      const path = name === 'ceiling' ? '/api/ceiling' : target.path ?? data.projectUrl;
      const options = { headers, requests: target.requests };
      await load(base + path, { ...options, seconds: WARMUP });
      const measure = () => load(base + path, { ...options, seconds: DURATION });
      const cpuBefore = await server.cpu();
      const result = PROFILE_DIR ? await server.profiled(join(PROFILE_DIR, `${kind}-${name}.cpuprofile`), measure) : await measure();
      // The server's own CPU per answered request: steadier than requests/s on a busy machine
      // (PostgreSQL's own work runs in its processes and is not in it; PGlite's is).
      result.serverCpuMsPerRequest = result.requests ? ((await server.cpu()) - cpuBefore) / 1000 / result.requests : null;
      const problems = result.non2xx + result.errors + result.timeouts;
      if (problems) console.warn(`${kind} ${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
      console.log(`${kind} ${name}: ${result.requestsPerSecond.toFixed(0)} requests/s, p50 ${result.p50} ms, p99 ${result.p99} ms, server CPU ${result.serverCpuMsPerRequest?.toFixed(2)} ms a request`);
      return result;
    };
    // The ceiling before and after the targets: the machine's load may change during the run.
    const ceilingBefore = await run('ceiling', {});
    for (const name of TARGETS) results[name] = await run(name, targets[name]);
    const ceilingAfter = await run('ceiling', {});
    return {
      kind: server.kind,
      seed: { issues: ISSUES, labels: LABELS.length, assignees: ASSIGNEES, seconds: seedSeconds },
      listBytes: Buffer.byteLength(data.listText),
      ceiling: {
        requestsPerSecond: (ceilingBefore.requestsPerSecond + ceilingAfter.requestsPerSecond) / 2,
        before: ceilingBefore,
        after: ceilingAfter,
      },
      targets: results,
    };
  } finally {
    const { logLines, lastLines } = await server.stop();
    console.log(`${kind}: the server wrote ${logLines} log lines${logLines ? `, the last: ${lastLines.join(' | ').slice(0, 500)}` : ''}`);
    await database?.drop();
  }
}

// ---------------------------------------------------------------- main

const started = Date.now();
const loadBefore = loadavg();
const runs = {};
for (const kind of DB === 'both' ? ['pglite', 'postgres'] : [DB]) runs[kind] = await benchDatabase(kind);
const results = {
  date: new Date().toISOString(),
  quick: QUICK,
  secondsPerTarget: DURATION,
  warmupSeconds: WARMUP,
  connections: CONNECTIONS,
  loadAverage: { before: loadBefore, after: loadavg() },
  durationSeconds: Math.round((Date.now() - started) / 1000),
  environment: await serverEnvironment(root),
  runs,
};
results.checks = serverTargetChecks(results);
printServerTable(results);
if (!flag('no-write')) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/server-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeServerDocs(root, results);
  console.log('wrote bench/results/server-latest.json and the Server section of docs/benchmarks.md');
}
