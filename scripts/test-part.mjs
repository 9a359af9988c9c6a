// The inner loop: one part of the suite, or one file, the way npm test runs it.
//
//   npm run test:core      the core's model tests in Node, then its browser files in Chromium
//   npm run test:element   the element's and the core's browser files in Chromium
//   npm run test:app       the app's and React's component tests in Chromium
//   npm run test:server    the server suite on PGlite (and on PostgreSQL with --postgres)
//   npm run test:file -- <file>…   each file with the runner its tier uses
//
// Browser parts take `--engine firefox` or `--engine webkit` (Chromium by default). Extra
// arguments after the files go to the runner.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { startThrowawayPostgres } from './postgres.mjs';
import { useRunTemporaryFolder } from './run-temp.mjs';
import { postgresOnly } from '../test/server/backends.mjs';

const root = new URL('..', import.meta.url).pathname;
const [part, ...rest] = process.argv.slice(2);
const engineAt = rest.indexOf('--engine');
const engine = engineAt >= 0 ? rest[engineAt + 1] : 'chromium';
const postgres = rest.includes('--postgres');
const args = rest.filter((arg, index) => arg !== '--postgres' && (engineAt < 0 || (index !== engineAt && index !== engineAt + 1)));

const CONFIGS = { chromium: null, firefox: 'web-test-runner.firefox.config.mjs', webkit: 'web-test-runner.webkit.config.mjs' };
if (!(engine in CONFIGS)) throw new Error(`--engine takes chromium, firefox or webkit, not ${engine}`);

/** Runs a command in the project's folder; returns its exit status. */
const run = (command, commandArgs, env = process.env) => spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env }).status ?? 1;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Every file under `dir` (relative to the project) whose name passes `keep`. */
function findFiles(dir, keep) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findFiles(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** Web Test Runner on `files` (globs) in the chosen engine. */
const browser = (files) => run(bin('wtr'), [...(CONFIGS[engine] ? ['--config', CONFIGS[engine]] : []), '--files', ...files, ...args.filter((arg) => arg.startsWith('-'))]);

/** The core's model files in one Node process (test/setup/run-files.ts), with the browser files' globals and jsdom's parser. */
const coreNode = (files) => run(process.execPath, ['--import', 'tsx', '--import', './test/setup/node-globals.ts', '--test-reporter=spec', 'test/setup/run-files.ts', ...files]);

/** The server's files on one worker (test/setup/run-files.ts), on PGlite or on DATABASE_URL's server. */
function server(files, env) {
  return run(process.execPath, ['--import', 'tsx', '--test-reporter=spec', 'test/setup/run-files.ts', ...files], env);
}

/** The server's files on PGlite, then (with --postgres) on DATABASE_URL's server or a throwaway one. */
async function serverSuite(files) {
  const { DATABASE_URL: databaseUrl, ...withoutDatabase } = process.env;
  const pglite = files.filter((file) => !postgresOnly(file));
  let status = pglite.length ? server(pglite, withoutDatabase) : 0;
  if (!postgres && !files.some(postgresOnly)) return status;
  const throwaway = databaseUrl ? null : await startThrowawayPostgres();
  try {
    status ||= server(files, { ...withoutDatabase, DATABASE_URL: databaseUrl ?? throwaway.url });
  } finally {
    await throwaway?.stop();
  }
  return status;
}

/** Runs each file with the runner of its tier. */
async function byFile(files) {
  const absolute = files.map((file) => relative(root, resolve(process.cwd(), file)));
  const groups = {
    coreNode: absolute.filter((file) => file.endsWith('.node.test.ts')),
    node: absolute.filter((file) => file.endsWith('.node.test.mjs')),
    server: absolute.filter((file) => file.startsWith('test/server/') && file.endsWith('.test.ts')),
  };
  groups.browser = absolute.filter((file) => !Object.values(groups).flat().includes(file));
  let status = 0;
  if (groups.coreNode.length) status ||= coreNode(groups.coreNode);
  if (groups.node.length) status ||= run(process.execPath, ['--test', '--test-reporter=spec', ...groups.node]);
  if (groups.server.length) status ||= await serverSuite(groups.server);
  if (groups.browser.length) status ||= browser(groups.browser);
  return status;
}

const coreNodeFiles = () => findFiles('test/core', (name) => name.endsWith('.node.test.ts'));
const files = args.filter((arg) => !arg.startsWith('-'));
let status;
switch (part) {
  case 'core':
    status = coreNode(coreNodeFiles()) || browser(['test/core/**/*.test.ts', '!**/*.node.test.ts']);
    break;
  case 'element':
    status = browser(['test/element/**/*.test.ts', 'test/core/**/*.test.ts', '!**/*.node.test.ts']);
    break;
  case 'app': {
    // Several files to a page, as npm test runs them.
    const { appTestPages } = await import('../web-test-runner.config.mjs');
    status = browser(appTestPages());
    break;
  }
  case 'server': {
    // The server tests' data folders in RAM when there is room, as npm test has them.
    useRunTemporaryFolder();
    status = await serverSuite(files.length ? files : findFiles('test/server', (name) => name.endsWith('.test.ts')));
    break;
  }
  case 'file':
    if (!files.length) throw new Error('npm run test:file -- <file>…: name the test files');
    status = await byFile(files);
    break;
  default:
    throw new Error(`Unknown part ${part}: core, element, app, server or file`);
}
process.exit(status);
