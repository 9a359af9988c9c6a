// npm test: makes sure the browsers are there (Chromium, Firefox, WebKitGTK), type-checks, runs
// every test (the browser suite once per engine), prints each engine's totals and ends with one
// line `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, findFirefox, findMiniBrowser, findWebKitDriver, findXvfb, firefoxProblem } from './browsers.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.test-results');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, options = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

/**
 * Runs a command with its output held back and printed in one piece when it ends (for commands
 * run side by side), in `env`; `stdout: false` keeps only its errors.
 */
function runHeldBack(cmd, args, { stdout = true, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    if (stdout) child.stdout.on('data', (chunk) => output.push(chunk));
    else child.stdout.resume();
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

/** How long each part of the run took, printed with the totals (CI must stay under 30 minutes). */
const durations = [];
function timed(label, work) {
  const start = Date.now();
  const done = () => durations.push(`${label} ${Math.round((Date.now() - start) / 1000)} s`);
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
/** Each engine's browser totals (filled in as they run). */
const perEngine = [];
/** Each failed test, named where it ran, listed again at the very end so a log's tail shows it. */
const failures = [];
function summary() {
  if (failures.length) {
    console.log(`Failed (${failures.length}):`);
    for (const line of failures.slice(0, 40)) console.log(`  ${line}`);
    if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
  }
  console.log(`Time: ${durations.join(' · ')}`);
  for (const line of perEngine) console.log(`Browser tests in ${line}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const unavailable = new Set(ensureBrowsers());
totals.failed += unavailable.size;

// The build and the two type checks run side by side (the type checks mostly wait on one core).
console.log('Building and type-checking…');
const [buildStatus, typesStatus, serverTypesStatus] = await Promise.all([
  timed('build', () => runHeldBack(process.execPath, [join(root, 'scripts/build.mjs')], { stdout: false })),
  timed('types', () => runHeldBack(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])),
  timed('server types', () => runHeldBack(bin('tsc'), ['--noEmit', '-p', 'tsconfig.server.json'])),
]);
if (buildStatus !== 0) {
  totals.failed++;
  console.error('The build failed.');
}
if (typesStatus !== 0) {
  totals.failed++;
  console.error('Type-check failed.');
}
if (serverTypesStatus !== 0) {
  totals.failed++;
  console.error('Type-check of the server failed.');
}

/**
 * Runs the browser suite in `engine` and resolves to its totals. `beside` runs it beside another
 * engine's: its output is printed in one piece when it ends, and its test server takes `port`.
 */
async function runBrowserTests(engine, { beside = false, port = 0 } = {}) {
  console.log(`Browser tests in ${engine.name} (Web Test Runner)…`);
  const countsFile = join(results, engine.counts);
  const args = [...(engine.config ? ['--config', engine.config] : []), ...(port ? ['--port', String(port)] : [])];
  const status = await timed(engine.name, () => (beside ? runHeldBack(bin('wtr'), args) : run(bin('wtr'), args)));
  const counts = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : null;
  if (!counts) {
    console.error(`Web Test Runner did not report its results in ${engine.name}.`);
    return { passed: 0, failed: 1 };
  }
  const failed = counts.failed + counts.skipped + (status !== 0 && counts.failed + counts.skipped === 0 ? 1 : 0);
  for (const { file, test, error } of counts.failures ?? []) failures.push(`${engine.name}: ${file}: ${test}: ${error}`);
  return { passed: counts.passed, failed };
}
function addEngineTotals(engine, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  perEngine.push(`${engine.name}: ${counts.passed} passed, ${counts.failed} failed`);
  console.log(`Browser tests in ${perEngine.at(-1)}`);
}
// Chromium runs two files at a time on its own. Firefox and WebKit run one file at a time (each
// gives keyboard focus to one window), so the two run side by side, each on a core.
const available = engines.filter((engine) => !unavailable.has(engine));
for (const engine of available.filter((engine) => engine.id === 'chromium')) addEngineTotals(engine, await runBrowserTests(engine));
const sideBySide = available.filter((engine) => engine.id !== 'chromium');
const sideBySideCounts = await Promise.all(
  sideBySide.map((engine, index) => runBrowserTests(engine, sideBySide.length > 1 ? { beside: true, port: 8100 + 100 * index } : {})),
);
sideBySide.forEach((engine, index) => addEngineTotals(engine, sideBySideCounts[index]));

/** Adds a TAP report's counts to the totals; a failing run without a failing test counts as one failure. */
function countTap(tap, status, label) {
  const report = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail') + count('cancelled') + count('skipped') + count('todo');
  // Leaf failures only: a suite whose subtests failed fails too, and says so.
  for (const match of report.matchAll(/^ *not ok \d+ - (.*)$/gm)) {
    const details = report.slice(match.index + match[0].length).split(/^ *\.\.\.$/m)[0];
    if (/failureType: '?subtestsFailed/.test(details)) continue;
    // A message of several lines is a YAML block (`error: |-`): its first line is the next one.
    const error = /^ *error: (?:[|>][-+]?\n *)?(.*)$/m.exec(details)?.[1]?.slice(0, 200) ?? '';
    failures.push(`${label}: ${match[1]}${error ? `: ${error}` : ''}`);
  }
  if (status !== 0 && count('fail') + count('cancelled') === 0) totals.failed++;
}

/**
 * Runs `node --test` on `files` (with `preload` modules) and adds its TAP report's counts;
 * `beside` holds its output back, for a run beside another.
 */
async function runNodeTests(label, files, { env = process.env, preload = [], report, concurrency = 1, beside = false } = {}) {
  console.log(`${label} (node --test)…`);
  const tap = join(results, `${report}.tap`);
  const args = [
    ...preload.flatMap((module) => ['--import', module]),
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files,
  ];
  const status = await timed(label, () => (beside ? runHeldBack(process.execPath, args, { env }) : run(process.execPath, args, { env })));
  countTap(tap, status, label);
}

// The node tests (the build's checks, the package's consumers, the app end to end in Chromium)
// and the app end to end in Firefox each keep about one core busy: they run side by side.
const nodeTests = findFiles(join(root, 'test'), (name) => name.endsWith('.node.test.mjs'));
const firefox = engines.find((engine) => engine.id === 'firefox');
const firefoxEndToEnd = firefox && !unavailable.has(firefox);
await Promise.all([
  nodeTests.length ? runNodeTests('Node tests', nodeTests, { report: 'node', beside: firefoxEndToEnd }) : null,
  firefoxEndToEnd
    ? runNodeTests('End-to-end tests of the app in Firefox', [join(root, 'test/e2e/app.node.test.mjs')], {
        env: { ...process.env, E2E_BROWSER: 'firefox' },
        report: 'e2e-firefox',
        beside: nodeTests.length > 0,
      })
    : null,
]);

// The API server's suite (TypeScript through tsx): always on PGlite, and once more on the
// PostgreSQL server of DATABASE_URL when it is set (each test file gets its own database there).
// Files named *.postgres.test.ts (several server processes on one database, which PGlite cannot
// share) run in the PostgreSQL pass only; without DATABASE_URL they count as failed, with a note.
const serverDir = join(root, 'test', 'server');
const serverTests = existsSync(serverDir) ? findFiles(serverDir, (name) => name.endsWith('.test.ts')) : [];
const postgresOnly = (file) => file.endsWith('.postgres.test.ts');
if (serverTests.length) {
  const { DATABASE_URL: databaseUrl, ...withoutDatabase } = process.env;
  // Two files at a time: a file spends much of its time starting (TypeScript through tsx, its
  // server), and each file has a database of its own.
  await runNodeTests('Server tests on PGlite', serverTests.filter((file) => !postgresOnly(file)), { env: withoutDatabase, preload: ['tsx'], report: 'server-pglite', concurrency: 2 });
  if (databaseUrl) {
    await runNodeTests('Server tests on PostgreSQL', serverTests, { env: { ...withoutDatabase, DATABASE_URL: databaseUrl }, preload: ['tsx'], report: 'server-postgresql', concurrency: 2 });
  } else {
    const notRun = serverTests.filter(postgresOnly);
    totals.failed += notRun.length;
    for (const file of notRun) {
      failures.push(`Server tests on PostgreSQL: ${file.slice(root.length + 1)}: not run, DATABASE_URL is not set`);
      console.error(`Not run: ${file.slice(root.length)} needs PostgreSQL (several server processes on one database). Set DATABASE_URL to a PostgreSQL server whose role may create databases.`);
    }
  }
}

summary();
process.exit(totals.failed ? 1 : 0);
