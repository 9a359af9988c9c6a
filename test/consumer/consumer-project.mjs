// Temporary consumer projects for the package test: the packed tarball installed offline,
// with only the packages our own lockfile holds (so npm finds each one in its cache).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

/** The lockfile path of the package `name` as seen from the package at `from` (Node's lookup, upwards). */
function locate(name, from) {
  for (let at = from; ; at = at.slice(0, at.lastIndexOf('/node_modules/'))) {
    const path = `${at ? `${at}/` : ''}node_modules/${name}`;
    if (lock.packages[path]) return path;
    if (!at) return null;
  }
}

/**
 * The entries of our lockfile that `names` need (their dependencies, transitively, at the same
 * places in the tree), marked as production packages: a consumer's lockfile that npm can
 * install offline from the cache our own `npm ci` filled.
 */
function lockedClosure(names) {
  const packages = {};
  const queue = names.map((name) => ['', name]);
  while (queue.length) {
    const [from, name] = queue.shift();
    const path = locate(name, from);
    if (!path) throw new Error(`${name} is not in package-lock.json: the consumer test installs only what our lockfile holds`);
    if (packages[path]) continue;
    const { dev, devOptional, peer, optional, ...entry } = lock.packages[path];
    packages[path] = entry;
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) queue.push([path, dependency]);
  }
  return packages;
}

/**
 * Writes a consumer project in `dir` that depends on the tarball and on `dependencies` (names
 * from our lockfile, at our versions), then installs it with npm, offline.
 */
export async function installConsumer(dir, tarball, dependencies = []) {
  mkdirSync(dir, { recursive: true });
  const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const locked = lockedClosure([...Object.keys(ours.dependencies), ...dependencies]);
  const manifest = {
    name: 'rich-editor-consumer',
    version: '1.0.0',
    private: true,
    type: 'module',
    dependencies: {
      'rich-editor': `file:${tarball}`,
      ...Object.fromEntries(dependencies.map((name) => [name, locked[`node_modules/${name}`].version])),
    },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: { '': { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies }, ...locked } }, null, 2),
  );
  await runIn(dir, 'npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']);
}

/**
 * How long a consumer's command (an install, a type check, a build) may run before it is stopped:
 * a guard against one that never ends. An offline install takes some 10 s on a quiet machine and
 * passed a minute beside npm test's browser suites.
 */
const COMMAND_RUNAWAY_MS = 300_000;

/** Runs a command in `cwd` and resolves with its output; rejects with its output when it fails. */
export async function runIn(cwd, command, args, options = {}) {
  try {
    return await run(command, args, { cwd, timeout: COMMAND_RUNAWAY_MS, maxBuffer: 16 * 1024 * 1024, ...options });
  } catch (error) {
    if (error.killed) error.message += ` (stopped after ${COMMAND_RUNAWAY_MS / 1000} s)`;
    error.message += `\n${error.stdout ?? ''}\n${error.stderr ?? ''}`;
    throw error;
  }
}
