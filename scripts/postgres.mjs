// A throwaway PostgreSQL server for npm test when DATABASE_URL is not set: Debian's postgresql
// binaries (installed as root with apt when missing), a new cluster in a temporary folder on a
// free port of 127.0.0.1, owned by an unprivileged user when the tests run as root (PostgreSQL
// refuses to run as root), stopped and removed when the run ends.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.mjs';

/** The Debian package that provides the server. */
export const POSTGRES_PACKAGE = 'postgresql';

/** The folder of the newest installed PostgreSQL's initdb and postgres (Debian's layout, or PG_BIN), or null. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'))) ?? null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Makes sure PostgreSQL's server binaries are here: installs Debian's package as root with apt;
 * otherwise returns the sentence that says what to install (null when they are here).
 */
export function ensurePostgres(run) {
  if (findPostgresBin()) return null;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot() && hasApt) {
    console.log(`Installing Debian's ${POSTGRES_PACKAGE} for the server tests on PostgreSQL…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-qq']) === 0) run('apt-get', ['install', '-y', '-qq', POSTGRES_PACKAGE], { env });
    if (findPostgresBin()) return null;
  }
  return (
    'The server tests on PostgreSQL need its server binaries (initdb, postgres), and they were not found.\n' +
    (hasApt ? `Install with:  sudo apt-get update && sudo apt-get install -y ${POSTGRES_PACKAGE}\n` : 'Install PostgreSQL with your system\'s package manager,\n') +
    'or set PG_BIN to the folder holding initdb and postgres, or DATABASE_URL to a PostgreSQL server whose role may create databases.'
  );
}


/** The unprivileged account PostgreSQL runs as when the tests run as root (Debian's package creates `postgres`). */
function serverAccount() {
  if (!isRoot()) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0 && gid.status === 0) return { name, uid: Number(id.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('The tests run as root and there is no unprivileged account (postgres or nobody) to run PostgreSQL as.');
}

/** Waits until the server answers a query, or fails with what it printed when it exits or takes over a minute. */
async function waitReady(url, child, output) {
  const deadline = Date.now() + 60_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`PostgreSQL stopped while starting:\n${output.join('')}`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within a minute (${error.message}):\n${output.join('')}`);
      // Polling a server that is starting: its readiness is only visible by connecting.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * Starts a throwaway cluster and resolves to `{ url, stop, pid }`: `url` is a superuser's connection
 * string (the tests create a database per file), `stop()` shuts the server down and removes the
 * folder (also done when this process exits), `pid` is the server's process.
 */
export async function startThrowawayPostgres() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL was not found');
  const account = serverAccount();
  const dir = mkdtempSync(join(tmpdir(), 'rich-editor-postgres-'));
  const data = join(dir, 'data');
  if (account) chownSync(dir, account.uid, account.gid);
  // Started as that account directly (not through runuser, which does not pass SIGINT on).
  const as = account ? { uid: account.uid, gid: account.gid } : {};
  const user = 'rich_editor';
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { cwd: dir, encoding: 'utf8', ...as });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  }
  const port = await freePort();
  // Durability settings off: the cluster lives for one test run; the server tests kill their own
  // processes, never this one. Connections: two test workers, each file's server pools and
  // clusters of several server processes.
  const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300', `unix_socket_directories=${dir}`, 'listen_addresses=127.0.0.1'];
  const args = ['-D', data, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])];
  const child = spawn(join(bin, 'postgres'), args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...as });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  let stopped = false;
  const removeNow = () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeNow);
  // A run stopped with Ctrl-C or a kill leaves no server or folder behind.
  const onSignal = (signal) => {
    removeNow();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = async () => {
    if (stopped) return;
    process.off('exit', removeNow);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGINT is PostgreSQL's fast shutdown: open connections are ended, nothing waits.
      child.kill('SIGINT');
      await exited;
    }
    stopped = true;
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `postgres://${user}@127.0.0.1:${port}/postgres`;
  try {
    await waitReady(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, pid: child.pid, who: account?.name ?? userInfo().username };
}
