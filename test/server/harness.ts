// Test harness for the API server: a fresh app per test file on an ephemeral port, over a
// fresh PGlite data folder (a copy of a migrated one, see pglite-template.ts), or, when DATABASE_URL is set, over a fresh database on that server.
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppServices } from '../../src/server/app.js';
import { createRichTextPool, type RichTextPool } from '../../src/server/rich-text/index.js';
import { DEFAULT_AUTH_LIMITS } from '../../src/server/auth/auth-limits.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { migrate, migrations, type Database } from '../../src/server/db/index.js';
import { openPostgres } from '../../src/server/db/postgres.js';
import { openDatabase, pgliteDir } from '../../src/server/db/open.js';
import type { MailMessage, Mailer } from '../../src/server/mail/index.js';
import { Role } from '../../src/server/roles.js';
import { copyMigratedPglite } from './pglite-template.js';
import type { AuthUser } from '../../src/server/users/user-shape.js';

/** A running test server. */
export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (changes on restart). */
  readonly url: string;
  readonly app: FastifyInstance;
  /** The app's database, for direct checks. */
  readonly db: Database;
  readonly config: Config;
  /** 'pglite' or 'postgres'. */
  readonly kind: Database['kind'];
  /** A new anonymous client with its own cookies. */
  client(): TestClient;
  /**
   * Stops the app and starts a new one on the same data folder / database. `whileStopped` runs in
   * between on the database opened by itself, as what a stopped server left behind.
   */
  restart(whileStopped?: (db: Database) => Promise<void>): Promise<void>;
  /** Stops the app and removes its data folder (and database). */
  close(): Promise<void>;
}

/** An answer as a test sees it. */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the answer is not JSON (undefined when empty). */
  body: T;
  text: string;
}

/** Request options beyond method, path and body. */
export interface RequestOptions {
  headers?: Record<string, string>;
}

/** Runs one statement on DATABASE_URL's server, retrying twice: concurrent CREATE/DROP DATABASE from parallel test files can collide. */
async function adminQuery(adminUrl: string, sql: string, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(sql);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** `adminUrl` pointing at the database `name` on the same server. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on `adminUrl`'s server (the role needs CREATEDB), and how to drop it: empty, or
 * with `migrated` a copy of the migrated template (see migratedTemplate).
 */
export async function createDatabase(adminUrl: string, { migrated = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rich_editor_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? ` TEMPLATE ${await migratedTemplate(adminUrl)}${await templateCopy(adminUrl)}` : '';
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template}`);
  return { url: databaseUrl(adminUrl, name), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const templates = new Map<string, Promise<string>>();
const copies = new Map<string, Promise<string>>();

/**
 * How `adminUrl`'s server copies a template: PostgreSQL 15 and later write the copy block by
 * block through the WAL by default, while `STRATEGY = FILE_COPY` copies its files (a create and
 * drop of the migrated template took 520 instead of 935 ms on a loaded machine, and wrote half the
 * WAL) at the price of two checkpoints, which cost nothing on a server without fsync (the
 * throwaway one npm test starts) and may cost much on one with it, which keeps the default.
 */
function templateCopy(adminUrl: string): Promise<string> {
  let copy = copies.get(adminUrl);
  if (!copy) {
    copy = (async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      client.on('error', () => {});
      try {
        await client.connect();
        const { rows } = await client.query<{ version: string; fsync: string }>(
          `SELECT current_setting('server_version_num') AS version, current_setting('fsync') AS fsync`,
        );
        return Number(rows[0]!.version) >= 150000 && rows[0]!.fsync === 'off' ? ' STRATEGY = FILE_COPY' : '';
      } catch {
        return '';
      } finally {
        await client.end().catch(() => {});
      }
    })();
    copies.set(adminUrl, copy);
  }
  return copy;
}

/**
 * The name of a database on `adminUrl`'s server migrated to this checkout's migrations, which
 * test servers start from (`CREATE DATABASE … TEMPLATE`, a file copy) instead of migrating a new
 * database each. Named by a hash of the migrations, so a run after a migration changed builds a
 * new one; built aside and renamed into place, so no process copies a half-made one (when two
 * build it at once, the first rename wins and the other drops its copy). Nobody connects to it
 * once it is in place, as PostgreSQL requires of a template.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = buildTemplate(adminUrl);
    templates.set(adminUrl, template);
  }
  return template;
}

async function buildTemplate(adminUrl: string): Promise<string> {
  const key = createHash('sha256')
    .update(JSON.stringify(migrations.map(({ id, sql }) => [id, sql])))
    .digest('hex')
    .slice(0, 16);
  const name = `rich_editor_template_${key}`;
  const exists = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    } finally {
      await client.end().catch(() => {});
    }
  };
  if (await exists()) return name;
  const building = `rich_editor_template_building_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${building}`);
  try {
    const db = await openPostgres(databaseUrl(adminUrl, building));
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    try {
      await adminQuery(adminUrl, `ALTER DATABASE ${building} RENAME TO ${name}`, 1);
    } catch (error) {
      if (!(await exists())) throw error;
    }
  } finally {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  }
  return name;
}

/** A mailer that keeps what it is given; `hold` keeps sends pending until `release()`, `fail` makes them throw. */
export class RecordingMailer implements Mailer {
  /** Every message sent (held ones too). */
  readonly sent: MailMessage[] = [];
  hold = false;
  fail = false;
  #pending: (() => void)[] = [];

  /** How many sends are still held. */
  get waiting(): number {
    return this.#pending.length;
  }

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    if (this.fail) throw new Error('The mail server refused the message');
    if (this.hold) await new Promise<void>((resolve) => this.#pending.push(resolve));
  }

  /** Lets the held sends finish and stops holding. */
  release(): void {
    this.hold = false;
    for (const resolve of this.#pending.splice(0)) resolve();
  }
}

/**
 * The rich-text pools the servers of this process share, by their settings: each server's own
 * would start its threads anew, and a thread's start (tsx's loader and the editor's modules in a
 * fresh isolate) cost 1.5 to 2 processor-seconds, a third of the suite's time on PostgreSQL. A
 * test of the pool itself makes its own (rich-text-limits.test.ts). Its threads hold nothing up
 * when idle; the process's end stops them.
 */
const sharedRichText = new Map<string, RichTextPool>();

function sharedRichTextPool(config: Config): RichTextPool {
  const options = { ...config.richText, imageOrigins: config.imageOrigins };
  const key = JSON.stringify(options);
  let pool = sharedRichText.get(key);
  if (!pool) sharedRichText.set(key, (pool = createRichTextPool(options)));
  return pool;
}

/**
 * Starts a fresh server: a new temporary data folder (PGlite there, or a new database on
 * DATABASE_URL's server), port 0 on 127.0.0.1, logging off, cheap password hashing, and a
 * sign-up limit per client address high enough for the many accounts a test file makes from
 * 127.0.0.1 (test/server/auth-limits.test.ts tests the real limits). `env` adds or overrides
 * environment variables, `overrides` configuration fields, `services` the app's services (the
 * rich-text pool is one the process's servers of the same settings share, unless given).
 */
export async function startServer(env: Record<string, string> = {}, overrides: Partial<Config> = {}, services: AppServices = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rich-editor-server-'));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL, { migrated: true }) : null;
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    }),
    // Cheap password hashing keeps tests fast; the production cost is tested on its own.
    passwordCost: { N: 1024, r: 8, p: 1 },
    authLimits: {
      ...DEFAULT_AUTH_LIMITS,
      signUpPerAddress: { ...DEFAULT_AUTH_LIMITS.signUpPerAddress, max: 100_000 },
      signUpBurstPerAddress: { ...DEFAULT_AUTH_LIMITS.signUpBurstPerAddress, max: 100_000 },
    },
    ...overrides,
  };
  let app: FastifyInstance | null = null;
  let url = '';
  const start = async () => {
    app = await buildApp(config, { richText: sharedRichTextPool(config), ...services });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  try {
    if (!config.databaseUrl) await copyMigratedPglite(pgliteDir(config.dataDir));
    await start();
  } catch (error) {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = () => {
    if (!app) throw new Error('The test server is stopped');
    return app;
  };
  const server: TestServer = {
    get url() {
      return url;
    },
    get app() {
      return running();
    },
    get db() {
      return running().db;
    },
    config,
    get kind() {
      return running().db.kind;
    },
    client: () => new TestClient(server),
    async restart(whileStopped) {
      await running().close();
      app = null;
      if (whileStopped) {
        const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
        try {
          await whileStopped(db);
        } finally {
          await db.close();
        }
      }
      await start();
    },
    async close() {
      try {
        await app?.close();
      } finally {
        app = null;
        try {
          await database?.drop();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      }
    },
  };
  return server;
}

/**
 * The environment of a server whose statements are counted (`statementsDuring`): its job workers,
 * which look for jobs only when told or due, never poll either (they would every second, should
 * their listener be lost), a statement that would fall into the counted window. Its other
 * background work runs at start or minutes apart.
 */
export const COUNTED_SERVER_ENV = { JOB_POLL_MS: '600000' } as const;

/**
 * Runs `fn` and returns the SQL statements `server` sent to its database meanwhile (each a round
 * trip). The server must be started with `COUNTED_SERVER_ENV`.
 */
export async function statementsDuring(server: TestServer, fn: () => Promise<unknown>): Promise<string[]> {
  if (server.config.jobs.pollMs < Number(COUNTED_SERVER_ENV.JOB_POLL_MS)) {
    throw new Error('statementsDuring counts every statement of the server: start it with COUNTED_SERVER_ENV, or its job polling is counted too');
  }
  const db = server.db;
  const original = db.query;
  const seen: string[] = [];
  db.query = function (this: typeof db, sql: string, params?: readonly unknown[]) {
    seen.push(sql.replace(/\s+/g, ' ').trim());
    return original.call(this, sql, params);
  } as typeof db.query;
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return seen;
}

/** A small HTTP client that keeps its own cookies, like one browser. Mutating requests carry the server's Origin, as a browser's would. */
export class TestClient {
  readonly #server: { readonly url: string };
  readonly #cookies: Map<string, string>;
  /** The account this client signed up or in with. */
  user: AuthUser | null = null;
  /** Its password. */
  password: string | null = null;

  constructor(server: { readonly url: string }, cookies = new Map<string, string>()) {
    this.#server = server;
    this.#cookies = cookies;
  }

  /** The same browser talking to another server (another process behind the same address): cookies and account shared. */
  on(server: { readonly url: string }): TestClient {
    const client = new TestClient(server, this.#cookies);
    client.user = this.user;
    client.password = this.password;
    return client;
  }

  /** The cookie `name`'s value, if set. */
  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** Sends a request; a plain object body goes as JSON, FormData as multipart, a string as is. */
  async request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = {};
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) headers.origin = this.#server.url;
    if (this.#cookies.size) headers.cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string') payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    Object.assign(headers, options.headers);
    const response = await fetch(this.#server.url + path, { method, headers, body: payload, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.#keepCookie(line);
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text || undefined) as T, text };
  }

  #keepCookie(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, val = ''] = attribute.trim().split('=');
      if (key!.toLowerCase() === 'max-age') return Number(val) <= 0;
      if (key!.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === '') this.#cookies.delete(name);
    else this.#cookies.set(name, value);
  }

  /**
   * Opens the server-sent events stream at `path` with this client's cookies (see EventStream),
   * on a connection of its own (node:http, no pool): closing it closes that connection, and no
   * spare connection of a pool is left open to hold up a server's stop.
   */
  events(path: string): Promise<EventStream> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.#cookies.size) headers.cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const request = httpGet(this.#server.url + path, { headers, agent: false }, (response) => resolve(new EventStream(response)));
      request.on('error', reject);
    });
  }

  /** GET `path`. */
  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  /** POST `body` to `path`. */
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  /** PATCH `path` with `body`. */
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  /** PUT `body` at `path`. */
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  /** DELETE `path`. */
  delete<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, body, options);
  }

  /** Signs up a new account (a unique email unless given) and keeps its session; fails the test unless it is signed in. */
  async signUp(fields: { email?: string; password?: string; display_name?: string; first_name?: string } = {}): Promise<AuthUser> {
    const password = fields.password ?? 'correct horse battery';
    const body = { email: fields.email ?? uniqueEmail(), password, ...(fields.display_name ? { display_name: fields.display_name } : {}), ...(fields.first_name ? { first_name: fields.first_name } : {}) };
    const response = await this.post('/api/auth/sign-up', body);
    assert.equal(response.status, 201, `sign-up failed: ${response.text}`);
    const me = await this.get<AuthUser>('/api/users/me');
    assert.equal(me.status, 200, `sign-up did not sign in (an email already used?): ${me.text}`);
    this.user = me.body;
    this.password = password;
    return me.body;
  }
}

/** One server-sent event: its type (`message` unless named) and its data. */
export interface StreamEvent {
  type: string;
  data: string;
}

/** A server-sent events stream read as it comes: each event in order, and whether the server ended it. */
export class EventStream {
  readonly #events: StreamEvent[] = [];
  readonly #waiting: Array<() => void> = [];
  #ended = false;
  /** The answer's status. */
  readonly status: number;
  /** Its Content-Type. */
  readonly contentType: string;

  constructor(private readonly response: IncomingMessage) {
    this.status = response.statusCode ?? 0;
    this.contentType = String(response.headers['content-type'] ?? '');
    void this.#read();
  }

  async #read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let type = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) this.#events.push({ type, data: data.join('\n') });
          this.#wake();
        }
      }
    } catch {
      // Closed by close(), or the connection dropped: the stream has ended either way.
    }
    this.#ended = true;
    this.#wake();
  }

  #wake(): void {
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /** The next event (in order), or null once the stream has ended with none left. */
  async next(): Promise<StreamEvent | null> {
    while (!this.#events.length && !this.#ended) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    return this.#events.shift() ?? null;
  }

  /** Closes the stream (and its connection) from this side. */
  close(): void {
    this.response.destroy();
  }
}

/** A fresh, unique email address. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The actors of an authorization matrix, lowest first. */
export const ACTORS = ['anonymous', 'nonMember', 'guest', 'viewer', 'member', 'admin'] as const;

/** One of the matrix actors. */
export type Actor = (typeof ACTORS)[number];

/** The status each actor must get. */
export type Matrix = Record<Actor, number>;

/**
 * The matrices most routes follow, by who gets `status`. Outside the workspace, a signed-out
 * request gets 401 and a signed-in stranger 404 (the workspace is not theirs to know of); the
 * roles below the ones allowed get 403.
 */
const outsiders = { anonymous: 401, nonMember: 404 } as const;
/** Everyone in the workspace, guests too (reading, most often). */
export const everyMember = (status: number): Matrix => ({ ...outsiders, guest: status, viewer: status, member: status, admin: status });
/** Members and admins; guests and viewers 403 (writing, most often). */
export const membersAndAdmins = (status: number): Matrix => ({ ...outsiders, guest: 403, viewer: 403, member: status, admin: status });
/** Admins alone; every other role 403 (settings, most often). */
export const adminsOnly = (status: number): Matrix => ({ ...outsiders, guest: 403, viewer: 403, member: 403, admin: status });

/** A request body, the same for everyone or made per actor (e.g. unique names for creations). */
export type MatrixBody = unknown | ((actor: Actor) => unknown);

/** A workspace and project with one user of every role (see seedWorkspace). */
export interface Seed {
  workspace: { id: string; slug: string; name: string };
  project: { id: string; identifier: string; name: string };
  /** /api/workspaces/{slug} */
  workspaceUrl: string;
  /** /api/workspaces/{slug}/projects/{projectId} */
  projectUrl: string;
  /** A client per actor; `anonymous` has no session. */
  actors: Record<Actor, TestClient>;
  /** The signed-in actors' accounts. */
  users: Record<Exclude<Actor, 'anonymous'>, AuthUser>;
  /** Sends the request as every actor (lowest first) and asserts each status. */
  expectMatrix(method: string, url: string, body: MatrixBody, expected: Matrix): Promise<Record<Actor, TestResponse>>;
}

/**
 * Sends `method url` as each actor, lowest role first (so a deletion is still there when the
 * allowed actor tries), and asserts every status at once, listing each mismatch with its answer.
 */
export async function expectMatrix(
  actors: Record<Actor, TestClient>,
  method: string,
  url: string,
  body: MatrixBody,
  expected: Matrix,
): Promise<Record<Actor, TestResponse>> {
  const responses = {} as Record<Actor, TestResponse>;
  for (const actor of ACTORS) {
    const payload = typeof body === 'function' ? (body as (actor: Actor) => unknown)(actor) : body;
    responses[actor] = await actors[actor].request(method, url, payload);
  }
  const wrong = ACTORS.filter((actor) => responses[actor].status !== expected[actor]).map(
    (actor) => `${actor}: expected ${expected[actor]}, got ${responses[actor].status} ${responses[actor].text.slice(0, 200)}`,
  );
  assert.deepEqual(wrong, [], `${method} ${url}\n${wrong.join('\n')}`);
  return responses;
}

/**
 * Creates, through the API, a workspace and a project with an admin (who created both), a
 * member, a viewer and a guest (same role in the workspace and the project), plus a signed-in
 * user who belongs to neither and an anonymous client.
 */
export async function seedWorkspace(server: TestServer): Promise<Seed> {
  const actors = Object.fromEntries(ACTORS.map((actor) => [actor, server.client()])) as Record<Actor, TestClient>;
  const users = {} as Seed['users'];
  for (const actor of ['admin', 'member', 'viewer', 'guest', 'nonMember'] as const) {
    users[actor] = await actors[actor].signUp({ email: uniqueEmail(actor.toLowerCase()), display_name: actor });
  }
  const slug = `ws-${randomUUID().slice(0, 8)}`;
  const workspace = await actors.admin.post('/api/workspaces', { name: 'Seed workspace', slug });
  assert.equal(workspace.status, 201, workspace.text);
  const workspaceUrl = `/api/workspaces/${slug}`;
  const project = await actors.admin.post(`${workspaceUrl}/projects`, { name: 'Seed project', identifier: 'SEED' });
  assert.equal(project.status, 201, project.text);
  const projectUrl = `${workspaceUrl}/projects/${project.body.id}`;
  const roles = { member: Role.Member, viewer: Role.Viewer, guest: Role.Guest } as const;
  for (const [actor, role] of Object.entries(roles) as [keyof typeof roles, number][]) {
    const added = await actors.admin.post(`${workspaceUrl}/members`, { email: users[actor].email, role });
    assert.equal(added.status, 201, added.text);
    const joined = await actors.admin.post(`${projectUrl}/members`, { user_id: users[actor].id, role });
    assert.equal(joined.status, 201, joined.text);
  }
  return {
    workspace: { id: workspace.body.id, slug, name: workspace.body.name },
    project: { id: project.body.id, identifier: project.body.identifier, name: project.body.name },
    workspaceUrl,
    projectUrl,
    actors,
    users,
    expectMatrix: (method, url, body, expected) => expectMatrix(actors, method, url, body, expected),
  };
}

/** A 1×1 PNG: the smallest real image the upload routes accept. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
