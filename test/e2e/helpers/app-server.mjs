// Runs the built API server (dist/server/main.mjs) on a free port with a data folder of its own.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** The folder holding the built dist/ (the project; E2E_ROOT points elsewhere, e.g. a private build). */
export const buildRoot = process.env.E2E_ROOT ?? new URL('../../..', import.meta.url).pathname;

/** Throws a clear message when the app or the server has not been built. */
export function assertBuilt() {
  for (const file of ['dist/app/main.js', 'dist/server/main.mjs']) {
    if (!existsSync(join(buildRoot, file))) throw new Error(`${join(buildRoot, file)} is missing: build first (npm test and npm run build do)`);
  }
}

/**
 * A PostgreSQL server the end-to-end servers keep their data on, each in a new database of its
 * own (E2E_POSTGRES_URL: a URL whose role may create databases; npm test gives its throwaway
 * server's). Unset, each keeps it in PGlite in its data folder, as `npm start` does.
 */
const postgresUrl = process.env.E2E_POSTGRES_URL || null;

/**
 * Starts `node dist/server/main.mjs` (no demo data unless `seedDemo`; `env` adds settings, and
 * `LOG_LEVEL: 'info'` its log, where the default mailer writes each mail), waits (up to
 * `startTimeout` ms) until it answers, and returns its base URL, a stop function that also
 * removes its data, its output and `outputFind` to wait for something in it. Its database is a new one on E2E_POSTGRES_URL's server when that is set and
 * `database` is not `'pglite'` (the server migrates it as it starts: a fraction of a second in
 * PostgreSQL, where a server on PGlite runs every query in WebAssembly, about half its processor
 * time in a short file); otherwise a copy of a PGlite database this build's server created and
 * migrated once (migratedPglite): a new PGlite database is initdb in WebAssembly and every
 * migration, 7 s of processor time on a quiet machine and past a minute while npm test runs the
 * browsers beside it. The deadline only stops a server that never answers.
 */
export async function startAppServer({ seedDemo = false, startTimeout = 240_000, env = {}, database = 'any' } = {}) {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tracker-e2e-'));
  let postgres = null;
  try {
    if (postgresUrl && database !== 'pglite') postgres = await createDatabase(postgresUrl);
    else cpSync(await migratedPglite(startTimeout), join(dataDir, 'pglite'), { recursive: true });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = await runServer(dataDir, { seedDemo, startTimeout, env: postgres ? { DATABASE_URL: postgres.url, ...env } : env }).catch(async (error) => {
    await postgres?.drop();
    throw error;
  });
  if (!postgres) return server;
  return {
    ...server,
    stop: async (options) => {
      await server.stop(options);
      await postgres.drop();
    },
  };
}

/** A new, empty database on `adminUrl`'s server, and how to drop it (with whatever is still connected). */
async function createDatabase(adminUrl) {
  const name = `rich_editor_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(sql);
    } finally {
      await client.end().catch(() => {});
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Runs the built server on `dataDir` until it answers; its stop function removes the folder. */
async function runServer(dataDir, { seedDemo, startTimeout, env = {} }) {
  const output = [];
  // PORT 0: the server takes a free port itself and prints it (a port found free beforehand can be
  // taken by another test before the server binds it).
  const child = spawn(process.execPath, [join(buildRoot, 'dist/server/main.mjs')], {
    cwd: buildRoot,
    // scrypt at its lowest cost: each sign-up and sign-in at the production cost took 0.4 s of a
    // core, a third of a short file's server time (seeding the team signs up and in three times).
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: seedDemo ? 'true' : 'false', LOG_LEVEL: 'silent', DATABASE_URL: '', PASSWORD_SCRYPT_N: '1024', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** Called with each new chunk of output (outputFind's lookers). */
  const lookers = new Set();
  const take = (chunk) => {
    output.push(String(chunk));
    for (const look of [...lookers]) look();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /**
   * Resolves with the first value other than undefined that `find` gives for the output so far,
   * asked again as each chunk arrives; rejects when the server exits first.
   */
  const outputFind = (find) =>
    new Promise((resolve, reject) => {
      const look = () => {
        const found = find(output.join(''));
        if (found === undefined) return;
        lookers.delete(look);
        resolve(found);
      };
      lookers.add(look);
      void exited.then(() => lookers.delete(look) && reject(new Error(`the server exited before its output showed what was looked for:\n${output.join('')}`)));
      look();
    });
  let base;
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + startTimeout;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server stopped at start (exit ${child.exitCode}):\n${output.join('')}`);
    }
    base ??= listeningOn(output.join(''));
    try {
      if (base === undefined) throw new Error('not listening yet');
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
  return { base, stop, output, outputFind };
}

/** The base URL from the server's start line (`rich-editor: http://localhost:PORT/ …`), once printed. */
function listeningOn(printed) {
  const port = /rich-editor: http:\/\/localhost:(\d+)\//.exec(printed)?.[1];
  return port === undefined ? undefined : `http://127.0.0.1:${port}`;
}

/**
 * The PGlite folder of a server of this build started once on an empty data folder (created,
 * migrated, stopped cleanly), kept in dist/ per build and PGlite version. The
 * end-to-end runs of one npm test (Chromium, Firefox, WebKit) start together: one process makes
 * it while the others wait on its lock; a lock whose process has died is taken over.
 */
async function migratedPglite(startTimeout) {
  const pgliteVersion = JSON.parse(readFileSync(join(buildRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
  const key = createHash('sha256').update(pgliteVersion).update(readFileSync(join(buildRoot, 'dist/server/main.mjs'))).digest('hex').slice(0, 16);
  // Beside the build it belongs to: the next build's clean removes it.
  const home = join(buildRoot, 'dist', '.e2e-pglite', key);
  mkdirSync(dirname(home), { recursive: true });
  const ready = join(home, 'pglite');
  const lock = `${home}.lock`;
  const deadline = Date.now() + startTimeout;
  for (;;) {
    if (existsSync(join(home, 'ready'))) return ready;
    try {
      mkdirSync(lock);
    } catch {
      if (!lockHolderAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another process held ${lock} for ${startTimeout / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      if (existsSync(join(home, 'ready'))) return ready;
      const building = mkdtempSync(`${home}-building-`);
      try {
        const server = await runServer(building, { seedDemo: false, startTimeout });
        await server.stop({ keepData: true });
        rmSync(home, { recursive: true, force: true });
        mkdirSync(home);
        renameSync(join(building, 'pglite'), ready);
        writeFileSync(join(home, 'ready'), `${pgliteVersion}\n`);
      } finally {
        rmSync(building, { recursive: true, force: true });
      }
      return ready;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Whether the process that took `lock` still runs (a lock made in the last 10 s may not name it yet). */
function lockHolderAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
