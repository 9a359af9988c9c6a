// npm test: makes sure Chromium is there, type-checks, runs every test, and ends with
// one line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium } from './browsers.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.test-results');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, options = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

function ensureChromium() {
  if (findChromium()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('Chromium not found: installing Debian\'s chromium package…');
    if (run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) === 0) {
      return !!findChromium();
    }
  }
  console.error(
    'The browser tests need Chromium and none was found.\n' +
      (hasApt ? 'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' : 'Install Chromium (or Google Chrome) with your system\'s package manager,\n') +
      'or point CHROME_PATH at an installed Chromium or Chrome binary.',
  );
  return false;
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
function summary() {
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

if (!ensureChromium()) {
  totals.failed++;
  summary();
  process.exit(1);
}

console.log('Building…');
if (run(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] }) !== 0) {
  totals.failed++;
  console.error('The build failed.');
}

console.log('Type-checking…');
if (run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0) {
  totals.failed++;
  console.error('Type-check failed.');
}
if (run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.server.json']) !== 0) {
  totals.failed++;
  console.error('Type-check of the server failed.');
}

console.log('Browser tests (Web Test Runner, Chromium)…');
const wtrStatus = run(bin('wtr'), []);
const browserFile = join(results, 'browser.json');
if (existsSync(browserFile)) {
  const counts = JSON.parse(readFileSync(browserFile, 'utf8'));
  totals.passed += counts.passed;
  totals.failed += counts.failed + counts.skipped;
  if (wtrStatus !== 0 && counts.failed + counts.skipped === 0) totals.failed++;
} else {
  totals.failed++;
  console.error('Web Test Runner did not report its results.');
}

/** Adds a TAP report's counts to the totals; a failing run without a failing test counts as one failure. */
function countTap(tap, status) {
  const report = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail') + count('cancelled') + count('skipped') + count('todo');
  if (status !== 0 && count('fail') + count('cancelled') === 0) totals.failed++;
}

console.log('Node tests (node --test)…');
const nodeTests = findFiles(join(root, 'test'), (name) => name.endsWith('.node.test.mjs'));
if (nodeTests.length) {
  const tap = join(results, 'node.tap');
  const status = run(process.execPath, [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...nodeTests,
  ]);
  countTap(tap, status);
}

// The API server's suite (TypeScript through tsx): always on PGlite, and once more on the
// PostgreSQL server of DATABASE_URL when it is set (each test file gets its own database there).
const serverDir = join(root, 'test', 'server');
const serverTests = existsSync(serverDir) ? findFiles(serverDir, (name) => name.endsWith('.test.ts')) : [];
function runServerTests(label, env) {
  console.log(`Server tests on ${label} (node --test)…`);
  const tap = join(results, `server-${label.toLowerCase()}.tap`);
  const status = run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...serverTests,
    ],
    { env },
  );
  countTap(tap, status);
}
if (serverTests.length) {
  const { DATABASE_URL: databaseUrl, ...withoutDatabase } = process.env;
  runServerTests('PGlite', withoutDatabase);
  if (databaseUrl) runServerTests('PostgreSQL', { ...withoutDatabase, DATABASE_URL: databaseUrl });
}

summary();
process.exit(totals.failed ? 1 : 0);
