// npm test: makes sure the browsers and PostgreSQL are there (Chromium, Firefox, WebKitGTK, and
// Debian's postgresql for a throwaway server when DATABASE_URL is not set), type-checks, runs
// every test in its tier, prints each tier's totals and time, and ends with one line
// `tests: N passed, N failed`.
//
// The tiers, by what can differ where they run:
// - Node, once: the core's model code (`test/core/**/*.node.test.ts`), the build and package
//   checks, the server suite on PostgreSQL and its back-end-specific files on PGlite
//   (test/server/backends.mjs).
// - Chromium only: the app's and the React wrapper's component tests.
// - Chromium, Firefox and WebKit: the element and the core's files that need an editor view, keys,
//   selection, clipboard or layout (ENGINE_FILES in web-test-runner.config.mjs).
// - End to end: the app in Chromium and Firefox, and one flow in WebKit (their servers on the
//   run's PostgreSQL, but for the app's main flows, on PGlite as `npm start` has it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { findChromium, findFirefox, findMiniBrowser, findWebKitDriver, findXvfb, firefoxProblem } from './browsers.mjs';
import { ensurePostgres, startThrowawayPostgres } from './postgres.mjs';
import { processTreeCpu } from './process-cpu.mjs';
import { killTree } from './process-tree.mjs';
import { useRunTemporaryFolder } from './run-temp.mjs';
import { postgresOnly, runsOnPglite } from '../test/server/backends.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.test-results');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, options = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

/** GNU time, when the machine has it: how much processor time each part took, children included. */
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
/** Processor seconds (user and system) per part, added up over its commands, as GNU time tells them. */
const cpuSeconds = new Map();
/**
 * Processor seconds per part read from its commands' whole process trees (Linux): GNU time misses
 * the browsers' processes orphaned when a browser is killed. A part's figure is the larger of the two.
 */
const treeCpu = processTreeCpu();
/** A part's processor seconds: the larger of GNU time's and the process trees' (both are lower bounds), or undefined. */
function partCpu(label) {
  const figures = [cpuSeconds.get(label), treeCpu.seconds().get(label)].filter((value) => value !== undefined);
  return figures.length ? Math.max(...figures) : undefined;
}

/**
 * How long one part may run before it is stopped as hung: far past its longest run on a loaded
 * machine (the server suite on PostgreSQL, ~11 minutes), so only a test that waits forever meets it.
 */
const PART_LIMIT_MS = Number(process.env.TEST_PART_LIMIT_MS ?? 40 * 60_000);
/** The exit status of a part stopped at PART_LIMIT_MS (as timeout(1) has it). */
const HUNG = 124;
/** The commands running now, stopped with everything they started when npm test is stopped. */
const running = new Set();
process.once('exit', () => {
  for (const pid of running) killTree(pid);
});

/**
 * Runs a command with its output held back and printed in one piece when it ends (for commands
 * run side by side), in `env`; `stdout: false` keeps only its errors. With `cpu`, the processor
 * time it and its children took is added to that part's. After PART_LIMIT_MS the command and
 * everything it started are killed and it resolves to HUNG.
 */
function runHeldBack(cmd, args, { stdout = true, env = process.env, cpu = null } = {}) {
  const cpuFile = cpu && gnuTime ? join(results, `cpu-${process.hrtime.bigint()}.txt`) : null;
  const [command, commandArgs] = cpuFile ? [gnuTime, ['-f', '%U %S', '-o', cpuFile, cmd, ...args]] : [cmd, args];
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child.pid);
    if (cpu) treeCpu.track(child.pid, cpu);
    const output = [];
    if (stdout) child.stdout.on('data', (chunk) => output.push(chunk));
    else child.stdout.resume();
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    let hung = false;
    const limit = setTimeout(() => {
      hung = true;
      output.push(Buffer.from(`\nStopped after ${Math.round(PART_LIMIT_MS / 60_000)} minutes: a test did not finish (${[cmd, ...args].join(' ').slice(0, 200)}).\n`));
      killTree(child.pid);
    }, PART_LIMIT_MS);
    child.once('close', (code) => {
      running.delete(child.pid);
      if (cpu) treeCpu.ended(child.pid);
      clearTimeout(limit);
      process.stdout.write(Buffer.concat(output));
      if (cpuFile && existsSync(cpuFile)) {
        // The file's last line holds the times (a command killed by a signal says so first).
        const [user, system] = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
        if (Number.isFinite(user + system)) cpuSeconds.set(cpu, (cpuSeconds.get(cpu) ?? 0) + user + system);
      }
      resolve(hung ? HUNG : (code ?? 1));
    });
  });
}

/** The machine's processor time so far, busy and idle, in clock ticks (Linux; null elsewhere). */
function machineTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = fields[3] + fields[4];
    return { busy: fields.slice(0, 8).reduce((sum, value) => sum + value, 0) - idle, idle };
  } catch {
    return null;
  }
}
const ticksAtStart = machineTicks();

/** How long each part of the run took, printed with the totals (CI should stay under 15 minutes). */
const durations = [];
function timed(label, work) {
  const start = Date.now();
  const done = () => durations.push({ label, seconds: Math.round((Date.now() - start) / 1000) });
  let result;
  try {
    result = work();
  } catch (error) {
    done();
    throw error;
  }
  if (result instanceof Promise) return result.finally(done);
  done();
  return result;
}

/**
 * The engines the browser suite runs in, each with its Web Test Runner config, the file its
 * totals go to, how to find it and the Debian packages that provide it. TEST_ENGINES (a
 * comma-separated list such as `chromium,firefox`) runs fewer, for a quicker local run.
 */
const ENGINES = [
  { id: 'chromium', name: 'Chromium', config: null, counts: 'browser.json', found: findChromium, packages: ['chromium'] },
  {
    id: 'firefox',
    name: 'Firefox',
    config: 'web-test-runner.firefox.config.mjs',
    counts: 'browser-firefox.json',
    // An old Firefox counts as missing: apt's install upgrades it.
    found: () => {
      const path = findFirefox();
      return path && !firefoxProblem(path);
    },
    problem: () => {
      const path = findFirefox();
      return path && firefoxProblem(path);
    },
    packages: ['firefox-esr'],
  },
  {
    id: 'webkit',
    name: 'WebKit',
    config: 'web-test-runner.webkit.config.mjs',
    counts: 'browser-webkit.json',
    found: () => findWebKitDriver() && findMiniBrowser() && (process.env.DISPLAY || findXvfb()),
    packages: ['webkit2gtk-driver', 'xvfb'],
  },
];
const wanted = process.env.TEST_ENGINES?.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean);
const engines = ENGINES.filter((engine) => !wanted || wanted.includes(engine.id));

/** Installs the engines' missing Debian packages as root with apt; otherwise says what to install. */
function ensureBrowsers() {
  const missing = engines.filter((engine) => !engine.found());
  if (!missing.length) return [];
  const packages = missing.flatMap((engine) => engine.packages);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(`Installing Debian's ${packages.join(', ')} for the browser tests…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-qq']) === 0) run('apt-get', ['install', '-y', '-qq', ...packages], { env });
  }
  const stillMissing = missing.filter((engine) => !engine.found());
  if (stillMissing.length) {
    const names = stillMissing.map((engine) => engine.name).join(', ');
    const list = stillMissing.flatMap((engine) => engine.packages).join(' ');
    console.error(
      `The browser tests need ${names} and ${stillMissing.length > 1 ? 'they were' : 'it was'} not found.\n` +
        stillMissing.map((engine) => engine.problem?.()).filter(Boolean).map((problem) => `${problem}\n`).join('') +
        (hasApt ? `Install with:  sudo apt-get update && sudo apt-get install -y ${list}\n` : `Install ${names} with your system's package manager,\n`) +
        'or point CHROME_PATH, FIREFOX_PATH or WEBKIT_WEBDRIVER_PATH at installed binaries (TEST_ENGINES=chromium,firefox runs fewer engines).',
    );
  }
  return stillMissing;
}

/** Every file under `dir` whose name passes `keep`. */
function findFiles(dir, keep) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findFiles(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const totals = { passed: 0, failed: 0 };
/** Each tier's totals, in the order they ran: `{ label, passed, failed }`. */
const perTier = [];
/** Each failed test, named where it ran, listed again at the very end so a log's tail shows it. */
const failures = [];

/** Adds one tier's counts to the totals and prints them. */
function addTier(label, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  perTier.push({ label, ...counts });
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed`);
}

/** A failure outside any test (a build, a missing tool): counted, and named at the end. */
function failOutside(label, message) {
  totals.failed++;
  failures.push(`${label}: ${message}`);
  console.error(message);
}

function summary() {
  if (failures.length) {
    console.log(`Failed (${failures.length}):`);
    for (const line of failures.slice(0, 40)) console.log(`  ${line}`);
    if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
  }
  treeCpu.stop();
  const part = ({ label, seconds }) => `${label} ${seconds} s${partCpu(label) !== undefined ? ` (processor ${Math.round(partCpu(label))} s)` : ''}`;
  console.log(`Time: ${durations.map(part).join(' · ')} · in all ${Math.round((Date.now() - startedAt) / 1000)} s`);
  const postgresCpu = treeCpu.seconds().get(POSTGRES_CPU);
  if (postgresCpu !== undefined) console.log(`The throwaway PostgreSQL took ${Math.round(postgresCpu)} processor-seconds, serving the parts above.`);
  const ticks = machineTicks();
  if (ticks && ticksAtStart) {
    const busy = ticks.busy - ticksAtStart.busy;
    const share = Math.round((100 * busy) / (busy + ticks.idle - ticksAtStart.idle));
    console.log(`The machine's ${availableParallelism()} processors were busy ${share}% of the run (this run and anything else running).`);
  }
  console.log('Tests per tier:');
  for (const { label, passed, failed } of perTier) console.log(`  ${label}: ${passed} passed, ${failed} failed`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
}

const startedAt = Date.now();
// Ctrl-C or a kill still runs the 'exit' handlers that remove what the run started.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/**
 * Every temporary folder of the run in RAM (/dev/shm) when it has room: the browsers' profiles,
 * the throwaway PostgreSQL's cluster, each server test's and end-to-end server's copy of the
 * migrated PGlite (40 MB), the package consumers' installs. On disk their writes kept the kernel's
 * writeback busy on a machine whose cores the run already fills (a full run here: 912 -> 871 s,
 * the PostgreSQL suite 474 -> 422 s). Children take it through TMPDIR, and the folder goes when
 * the run ends, even when it is stopped (RAM is not freed by a machine that is not rebooted).
 */
useRunTemporaryFolder();

const unavailable = new Set(ensureBrowsers());
for (const engine of unavailable) failOutside(engine.name, `The browser tests in ${engine.name} were not run: it is not installed.`);

// The server suite runs on PGlite and on PostgreSQL: DATABASE_URL's server when it is set,
// otherwise a throwaway one started here (Debian's postgresql, installed as root with apt) and
// removed when the run ends. It starts while the build runs.
let postgresProblem = process.env.DATABASE_URL ? null : ensurePostgres(run);
const throwawayPostgres =
  process.env.DATABASE_URL || postgresProblem
    ? Promise.resolve(null)
    : startThrowawayPostgres().catch((error) => {
        postgresProblem = `A throwaway PostgreSQL could not be started: ${error.message}`;
        return null;
      });

/**
 * The PostgreSQL of the run (DATABASE_URL's, or the throwaway one), or null: the end-to-end
 * servers keep their data there too, each in a database of its own (E2E_POSTGRES_URL,
 * test/e2e/helpers/app-server.mjs), but for the app's main flows, which keep PGlite as `npm
 * start` does. A server on PGlite runs every query in WebAssembly in its own process: a short
 * end-to-end file's server took about 10 processor-seconds there, 6.5 with PostgreSQL's.
 */
const runPostgresUrl = throwawayPostgres.then((postgres) => process.env.DATABASE_URL ?? postgres?.url ?? null);
/** The label of the throwaway PostgreSQL's processor time (its backends serve every part). */
const POSTGRES_CPU = 'PostgreSQL';
void throwawayPostgres.then((postgres) => treeCpu.track(postgres?.pid, POSTGRES_CPU));
/** `env` with the run's PostgreSQL for the end-to-end servers, when there is one. */
const withEndToEndPostgres = async (env) => {
  const url = await runPostgresUrl;
  return url ? { ...env, E2E_POSTGRES_URL: url } : env;
};

/**
 * Adds a TAP report's counts to `counts`; a failing run without a failing test counts as one
 * failure. Failed tests are named in the closing list, under `label`. A run stopped as hung is a
 * failure naming `hungIn` (the files it was in) when known, else the last file its report named.
 */
function countTap(tap, status, label, counts = { passed: 0, failed: 0 }, hungIn = null) {
  const report = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
  counts.passed += count('pass');
  counts.failed += count('fail') + count('cancelled') + count('skipped') + count('todo');
  // Leaf failures only: a suite whose subtests failed fails too, and says so.
  for (const match of report.matchAll(/^ *not ok \d+ - (.*)$/gm)) {
    const details = report.slice(match.index + match[0].length).split(/^ *\.\.\.$/m)[0];
    if (/failureType: '?subtestsFailed/.test(details)) continue;
    // A message of several lines is a YAML block (`error: |-`): its first line is the next one.
    const error = /^ *error: (?:[|>][-+]?\n *)?(.*)$/m.exec(details)?.[1]?.slice(0, 200) ?? '';
    failures.push(`${label}: ${match[1]}${error ? `: ${error}` : ''}`);
  }
  if (status === HUNG) {
    const reported = [...report.matchAll(/^# Subtest: (\S+)$/gm)].at(-1)?.[1];
    const where = hungIn?.length ? `, in ${hungIn.join(', ')}` : reported ? `, after ${reported}` : '';
    counts.failed++;
    failures.push(`${label}: stopped after ${Math.round(PART_LIMIT_MS / 60_000)} minutes${where}: a test did not finish`);
    return counts;
  }
  if (status !== 0 && count('fail') + count('cancelled') === 0) {
    counts.failed++;
    failures.push(`${label}: the run failed outside any test (exit ${status})`);
  }
  return counts;
}

/**
 * Runs the Node test `files`, `concurrency` at a time in the order given (scripts/node-test-files.mjs:
 * each in its own process, as `node --test` does), and resolves to its TAP report's counts;
 * `beside` holds its output back, for a run beside another.
 */
async function runNodeTests(label, files, { env = process.env, report, concurrency = 1, beside = false } = {}) {
  console.log(`${label} (node:test)…`);
  const tap = join(results, `${report}.tap`);
  const args = [join(root, 'scripts/node-test-files.mjs'), '--concurrency', String(concurrency), '--tap', tap, ...files];
  const status = await timed(label, () => (beside ? runHeldBack(process.execPath, args, { env, cpu: label }) : run(process.execPath, args, { env })));
  return countTap(tap, status, label);
}

/**
 * Runs the browser suite in `engine` and resolves to its totals. `beside` runs it beside another
 * engine's: its output is printed in one piece when it ends, and its test server takes `port`.
 */
async function runBrowserTests(engine, { beside = false, port = 0 } = {}) {
  console.log(`Browser tests in ${engine.name} (Web Test Runner)…`);
  const countsFile = join(results, engine.counts);
  const args = [...(engine.config ? ['--config', engine.config] : []), ...(port ? ['--port', String(port)] : [])];
  const status = await timed(engine.name, () => (beside ? runHeldBack(bin('wtr'), args, { cpu: engine.name }) : run(bin('wtr'), args)));
  const counts = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : null;
  if (!counts) {
    failures.push(`${engine.name}: Web Test Runner did not report its results`);
    return { passed: 0, failed: 1 };
  }
  const failed = counts.failed + counts.skipped + (status !== 0 && counts.failed + counts.skipped === 0 ? 1 : 0);
  for (const { file, test, error } of counts.failures ?? []) failures.push(`${engine.name}: ${file}: ${test}: ${error}`);
  return { passed: counts.passed, failed };
}


// Tier 1, with the build: the core's model code and the collaboration engine (test/collab) in Node (jsdom's parser injected, the browser
// files' mocha globals; test/setup/node-globals.ts). The build and the two type checks run
// beside it (the type checks mostly wait on one core).
console.log('Building and type-checking, and the core\'s model tests in Node…');
const coreNodeTests = ['core', 'collab', 'element'].flatMap((dir) => findFiles(join(root, 'test', dir), (name) => name.endsWith('.node.test.ts')));
const [buildStatus, typesStatus, serverTypesStatus, coreCounts] = await Promise.all([
  timed('build', () => runHeldBack(process.execPath, [join(root, 'scripts/build.mjs')], { stdout: false, cpu: 'build' })),
  timed('types', () => runHeldBack(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cpu: 'types' })),
  timed('server types', () => runHeldBack(bin('tsc'), ['--noEmit', '-p', 'tsconfig.server.json'], { cpu: 'server types' })),
  // Two workers: the longest file (the HTML round trip through jsdom) on one, the rest on the
  // other, both beside the build: the part ends about 25 s sooner than on one worker.
  runInWorkers('Core model tests in Node', coreNodeTests, { preload: ['tsx', './test/setup/node-globals.ts'], report: 'core-node', workers: 2 }),
]);
if (buildStatus !== 0) failOutside('build', 'The build failed.');
if (typesStatus !== 0) failOutside('types', 'Type-check failed.');
if (serverTypesStatus !== 0) failOutside('server types', 'Type-check of the server failed.');
addTier('Core model tests in Node', coreCounts);

/** The files claimed in `claims` (test/setup/run-files.ts) that never finished, relative to the project. */
function unfinished(claims, files) {
  return readdirSync(claims)
    .filter((index) => !existsSync(join(claims, index, 'done')))
    .map((index) => relative(root, files[Number(index)]));
}

/**
 * Runs `files` on `workers` Node processes (test/setup/run-files.ts: each loads the modules the
 * files share once and takes the next file as it finishes one), with `preload` modules, and
 * resolves to the counts.
 */
async function runInWorkers(label, files, { env = process.env, report, workers = 2, preload = ['tsx'] }) {
  console.log(`${label} (${workers} worker${workers > 1 ? 's' : ''})…`);
  const claims = mkdtempSync(join(results, `${report}-claims-`));
  const counts = { passed: 0, failed: 0 };
  await timed(label, () =>
    Promise.all(
      Array.from({ length: workers }, async (_, index) => {
        const tap = join(results, `${report}-${index}.tap`);
        const args = [
          ...preload.flatMap((module) => ['--import', module]),
          '--test-reporter=dot',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${tap}`,
          join(root, 'test/setup/run-files.ts'),
          '--claims',
          claims,
          ...files,
        ];
        const status = await runHeldBack(process.execPath, args, { env, cpu: label });
        countTap(tap, status, label, counts, status === HUNG ? unfinished(claims, files) : null);
      }),
    ),
  );
  return counts;
}

/**
 * After the build, two lanes run side by side. The browser lane (Chromium, then Firefox and the
 * app end to end in Firefox beside WebKit) mostly waits on the browsers; the Node lane (the server
 * suite on PGlite beside PostgreSQL, then the build's checks, the package's consumers and the app
 * end to end in Chromium and WebKit) keeps the cores busy meanwhile. Each tier's totals are
 * printed as it ends and listed again at the end.
 */
const available = engines.filter((engine) => !unavailable.has(engine));

/** The app end to end in Firefox (test/e2e/app.node.test.mjs with E2E_BROWSER=firefox), its output held back. */
const firefoxEndToEnd = async () =>
  runNodeTests('End-to-end tests of the app in Firefox', [join(root, 'test/e2e/app.node.test.mjs')], {
    env: await withEndToEndPostgres({ ...process.env, E2E_BROWSER: 'firefox' }),
    report: 'e2e-firefox',
    beside: true,
  });

/**
 * The browser lane: Chromium runs its files a few at a time; Firefox and WebKit one file at a
 * time each (each gives keyboard focus to one window), side by side. Firefox's suite ends long
 * before WebKit's, so the app end to end in Firefox follows it there (it needs only the build).
 */
async function browserLane() {
  for (const engine of available.filter((engine) => engine.id === 'chromium')) addTier(`Browser tests in ${engine.name}`, await runBrowserTests(engine, { beside: true }));
  const sideBySide = available.filter((engine) => engine.id !== 'chromium');
  await Promise.all(
    sideBySide.map(async (engine, index) => {
      const suite = await runBrowserTests(engine, { beside: true, port: 8100 + 100 * index });
      addTier(`Browser tests in ${engine.name}`, suite);
      if (engine.id === 'firefox' && buildStatus === 0) addTier('End-to-end tests of the app in Firefox', await firefoxEndToEnd());
    }),
  );
}

// The API server's suite (TypeScript through tsx): every file on PostgreSQL, and on PGlite the
// files whose code path differs there (test/server/backends.mjs). Without a PostgreSQL every
// file but the PostgreSQL-only ones runs on PGlite, and the missing back-end counts as a failure.
const serverDir = join(root, 'test', 'server');
const serverTests = existsSync(serverDir) ? findFiles(serverDir, (name) => name.endsWith('.test.ts')) : [];

/**
 * The node test files, the longest first: the app's end-to-end files and the package's consumers
 * (each starts a server, a browser or an install; the largest file, the app's main flows, takes
 * about 3 minutes on its own), then the rest, which fill in beside them. In the order found, the
 * main flows started last and ran alone for the part's last minutes.
 */
function longestFirst(files) {
  const heavy = (file) => /\/test\/(e2e\/app[^/]*|consumer\/[^/]*)$/.test(file);
  const size = (file) => statSync(file).size;
  return [...files].sort((a, b) => Number(heavy(b)) - Number(heavy(a)) || size(b) - size(a));
}

/**
 * The Node lane: the server suite on both back-ends, then the node tests and the end-to-end runs.
 * (Starting those when the PGlite files end, beside the rest of the PostgreSQL suite, made the
 * run longer, 1,192 s against 1,030-1,116: every part slowed on the shared cores, and the
 * suite's test of rich text under load ran past its read timeout.)
 */
async function nodeLane() {
  const postgres = await throwawayPostgres;
  const databaseUrl = process.env.DATABASE_URL ?? postgres?.url;
  if (serverTests.length) {
    const { DATABASE_URL: _unused, ...env } = process.env;
    // The server processes the suite starts run the server just built (test/server/server-processes.ts).
    const withoutDatabase = buildStatus === 0 ? { ...env, RICH_EDITOR_SERVER_ENTRY: join(root, 'dist/server/main.mjs') } : env;
    if (!databaseUrl) failOutside('Server tests on PostgreSQL', `Not run: ${postgresProblem}`);
    const onPglite = serverTests.filter((file) => !postgresOnly(file) && (!databaseUrl || runsOnPglite(file)));
    const [pgliteCounts, postgresCounts] = await Promise.all([
      runInWorkers('Server tests on PGlite', onPglite, { env: withoutDatabase, report: 'server-pglite', workers: databaseUrl ? 1 : 2 }),
      databaseUrl ? runInWorkers('Server tests on PostgreSQL', serverTests, { env: { ...withoutDatabase, DATABASE_URL: databaseUrl }, report: 'server-postgresql' }) : null,
    ]);
    addTier('Server tests on PGlite', pgliteCounts);
    if (postgresCounts) addTier('Server tests on PostgreSQL', postgresCounts);
  }

  // The node tests (the build's checks, the package's consumers, the app end to end in Chromium)
  // beside the app's one flow in WebKit; the app end to end in Firefox runs in the browser lane.
  const webkitFlow = join(root, 'test/e2e/webkit.node.test.mjs');
  const nodeTests = longestFirst(findFiles(join(root, 'test'), (name) => name.endsWith('.node.test.mjs')).filter((file) => file !== webkitFlow));
  const ready = (id) => available.some((engine) => engine.id === id);
  const env = await withEndToEndPostgres(process.env);
  const [nodeCounts, webkitCounts] = await Promise.all([
    nodeTests.length ? runNodeTests('Node tests (build, package, end to end in Chromium)', nodeTests, { env, report: 'node', beside: true, concurrency: 2 }) : null,
    ready('webkit') && existsSync(webkitFlow) ? runNodeTests('End-to-end flow of the app in WebKit', [webkitFlow], { env, report: 'e2e-webkit', beside: true }) : null,
  ]);
  if (nodeCounts) addTier('Node tests (build, package, end to end in Chromium)', nodeCounts);
  if (webkitCounts) addTier('End-to-end flow of the app in WebKit', webkitCounts);
}

await Promise.all([browserLane(), nodeLane()]);
// The end-to-end runs of both lanes used it to the end.
await (await throwawayPostgres)?.stop();

summary();
process.exit(totals.failed ? 1 : 0);
