// Several real server processes (the server `npm start` runs, see serverCommand) on one
// PostgreSQL database and one data folder, like instances behind a load balancer.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, TestClient } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** How long a process may take to compile, migrate and listen on a loaded machine. */
const START_TIMEOUT_MS = 120_000;

/**
 * The arguments to `node` that start the API server: the bundle npm test has just built
 * (RICH_EDITOR_SERVER_ENTRY, the absolute path of its dist/server/main.mjs; scripts/test.mjs sets
 * it after a successful build), which starts with a second less of processor time than the
 * sources through tsx; otherwise src/server/main.ts through tsx, so a file run on its own tests
 * the sources as they are. Every test that spawns the server starts it from here.
 */
export function serverCommand(): string[] {
  const built = process.env.RICH_EDITOR_SERVER_ENTRY;
  return built ? [built] : ['--import', 'tsx', join(ROOT, 'src/server/main.ts')];
}

/** Why the multi-process tests cannot run on PGlite, as they report it. */
export const NEEDS_POSTGRES =
  'Several server processes share one database only on PostgreSQL (PGlite is one process\'s files): set DATABASE_URL to a PostgreSQL server to run these tests.';

/** One running server process. */
export interface ServerProcess {
  /** Its base URL on 127.0.0.1. */
  readonly url: string;
  /** Its process id (the queue's worker ids carry it). */
  readonly pid: number;
  /** Whether it has exited. */
  readonly exited: boolean;
  /** A new anonymous client of this process. */
  client(): TestClient;
  /** Sends `signal` (SIGKILL: dies at once, like a crashed machine) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** What it printed, for failure messages. */
  output(): string;
}

/** Several processes on one database. */
export interface ServerCluster {
  readonly servers: readonly ServerProcess[];
  /** The shared database, for direct checks. */
  readonly db: pg.Pool;
  /** Stops every process and removes the database and the data folder. */
  close(): Promise<void>;
}

/** Starts one server process (serverCommand) with exactly `env` and resolves once it listens. */
export function startProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, serverCommand(), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server process did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const ready = () => {
      // main.ts prints "rich-editor: http://localhost:PORT/ (…)" once it listens.
      const port = /rich-editor: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout!.off('data', ready);
      const url = `http://127.0.0.1:${port}`;
      const server: ServerProcess = {
        url,
        pid: child.pid!,
        get exited() {
          return exited;
        },
        client: () => new TestClient({ url }),
        async kill(signal = 'SIGTERM') {
          if (!exited) child.kill(signal);
          await exit;
        },
        output: () => output,
      };
      resolve(server);
    };
    child.stdout!.on('data', ready);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`The server process exited before listening:\n${output}`));
    });
  });
}

/**
 * Starts `count` server processes on one new database of DATABASE_URL's server and one new data
 * folder (uploads are files there, so the processes share it as instances share a volume), with
 * one session secret, ports picked by the system on 127.0.0.1. `env` adds variables (short job
 * leases…). Throws NEEDS_POSTGRES without DATABASE_URL.
 */
export async function startCluster(count: number, env: Record<string, string> = {}): Promise<ServerCluster> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error(NEEDS_POSTGRES);
  const database = await createDatabase(adminUrl);
  const dataDir = await mkdtemp(join(tmpdir(), 'rich-editor-cluster-'));
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  db.on('error', () => {});
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(
      servers.map(async (server) => {
        const stopping = server.kill('SIGTERM');
        const timer = setTimeout(() => void server.kill('SIGKILL'), 10_000);
        await stopping;
        clearTimeout(timer);
      }),
    );
    await db.end().catch(() => {});
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const started = await Promise.allSettled(Array.from({ length: count }, () => startProcess(base)));
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  // A test runner that stops early must not leave servers behind.
  const orphans = () => servers.forEach((server) => !server.exited && process.kill(server.pid, 'SIGKILL'));
  process.once('exit', orphans);
  return {
    servers,
    db,
    async close() {
      process.off('exit', orphans);
      await close();
    },
  };
}
