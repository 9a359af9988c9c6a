// Runs the built API server (dist/server/main.mjs) on a free port with an empty data folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder holding the built dist/ (the project; E2E_ROOT points elsewhere, e.g. a private build). */
export const buildRoot = process.env.E2E_ROOT ?? new URL('../../..', import.meta.url).pathname;

import { freePort } from '../../../scripts/free-port.mjs';

/** Throws a clear message when the app or the server has not been built. */
export function assertBuilt() {
  for (const file of ['dist/app/main.js', 'dist/server/main.mjs']) {
    if (!existsSync(join(buildRoot, file))) throw new Error(`${join(buildRoot, file)} is missing: build first (npm test and npm run build do)`);
  }
}

/**
 * Starts `node dist/server/main.mjs` (no demo data unless `seedDemo`), waits (up to
 * `startTimeout` ms) until it answers, and returns its base URL and a stop function that also
 * removes the data folder. A start creates and migrates a new PGlite database: 7 s on a quiet
 * machine, 15 s for three at once, and past a minute while npm test runs the other browsers'
 * suites beside it; the deadline only stops a server that never answers.
 */
export async function startAppServer({ seedDemo = false, startTimeout = 240_000 } = {}) {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tracker-e2e-'));
  const port = await freePort();
  const output = [];
  const child = spawn(process.execPath, [join(buildRoot, 'dist/server/main.mjs')], {
    cwd: buildRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: seedDemo ? 'true' : 'false', LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + startTimeout;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server stopped at start (exit ${child.exitCode}):\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${base}/api/users/me`);
      if (response.status === 200 || response.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within ${startTimeout / 1000} s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { base, stop, output };
}
