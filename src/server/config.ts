import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './auth/auth-limits.js';
import { DEFAULT_PASSWORD_COST, type PasswordCost } from './auth/password.js';
import type { Limit } from './auth/rate-limiter.js';
import { imageOrigins } from './http/image-policy.js';
import { DAY_MS } from '../api-shapes/durations.js';

/** Everything the server reads from its environment, resolved once at start. */
export interface Config {
  /** TCP port (PORT, default 3000; 0 picks a free one). */
  port: number;
  /** Interface to listen on (HOST, default localhost). */
  host: string;
  /** Data folder: PGlite files, uploads, the session secret (DATA_DIR, default ./data). */
  dataDir: string;
  /** PostgreSQL server URL (DATABASE_URL); null runs PGlite in the data folder. */
  databaseUrl: string | null;
  /** Largest accepted upload in bytes (FILE_SIZE_LIMIT, default 5242880). */
  fileSizeLimit: number;
  /** OpenAI-compatible endpoint base URL (AI_BASE_URL); null when the AI assistant is not configured. */
  aiBaseUrl: string | null;
  /** Its API key (AI_API_KEY). */
  aiApiKey: string | null;
  /** Its model name (AI_MODEL). */
  aiModel: string | null;
  /** Unsplash API access key (UNSPLASH_ACCESS_KEY); null when cover search is not configured. */
  unsplashAccessKey: string | null;
  /** Keys session token hashes (SESSION_SECRET, else generated once and kept in the data folder). */
  sessionSecret: string;
  /**
   * Which proxies to believe about the client's address and protocol (TRUST_PROXY: 'true' or
   * comma-separated proxy addresses/subnets; default none). Behind a reverse proxy, set it so
   * sign-in and sign-up limits apply per client and cookies are Secure over HTTPS.
   */
  trustProxy: boolean | string[];
  /**
   * The origin users reach the server at (PUBLIC_URL, e.g. https://tracker.example.com), or null.
   * Requests for any other host name than it and localhost are refused (http/host-check.ts).
   */
  publicUrl: string | null;
  /** Origins besides the request's own host allowed to send mutating requests (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
  /**
   * Where images may come from besides this server's own paths (http/image-policy.ts): the
   * IMAGE_HOSTS origins, Unsplash's when it is configured, and PUBLIC_URL's.
   */
  imageOrigins: string[];
  /** Sign-in and sign-up attempts allowed per client address and per email before 429. */
  authLimits: AuthLimits;
  /** Requests one personal API token may make (API_TOKEN_REQUESTS_PER_MINUTE, default 600 a minute) before 429. */
  apiTokenRequests: Limit;
  /** Live-event streams one user may hold open on one process (LIVE_STREAMS_PER_USER, default 20: one per open tab of the app) before 429. */
  liveStreamsPerUser: number;
  /**
   * scrypt cost for new password hashes: OWASP's (DEFAULT_PASSWORD_COST) with its CPU/memory cost
   * N from PASSWORD_SCRYPT_N. Each hash records its own cost, so a change leaves existing
   * passwords valid.
   */
  passwordCost: PasswordCost;
  /** Folder holding the built `dist/` and the `demo/` pages. */
  rootDir: string;
  /** pino level (LOG_LEVEL, default info); 'silent' turns logging off. */
  logLevel: string;
  /** The background job queue shared by every server process on the database. */
  jobs: JobQueueConfig;
  /** Where uploads and export files are kept, and how long files nobody needs stay. */
  storage: StorageConfig;
  /** The rich-text worker pool: threads (RICH_TEXT_THREADS) and the time one document may take once a thread has it (RICH_TEXT_TIMEOUT_MS). */
  richText: { threads: number; timeoutMs: number };
  /** Whether sessions, roles and issue lists are kept in memory between requests (READ_CACHE, default on; see cache/read-caches.ts). */
  readCache: boolean;
  /** The shared documents of editing together (src/server/collab). */
  collab: CollabConfig;
  /** Webhook deliveries (src/server/webhooks). */
  webhooks: WebhookConfig;
}

/** How webhooks are checked and delivered. */
export interface WebhookConfig {
  /**
   * Whether webhooks may target private-network, loopback and link-local addresses, and plain
   * http:// (WEBHOOK_ALLOW_PRIVATE=1; default 0: only public HTTPS receivers). For local receivers.
   */
  allowPrivate: boolean;
  /** How long one try may take, answer included (WEBHOOK_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
  /** Tries per delivery before it is failed for good (WEBHOOK_MAX_ATTEMPTS, default 6). */
  maxAttempts: number;
  /** The wait before the first retry, doubled for each one after (WEBHOOK_RETRY_BASE_MS, default 30000; at most an hour). */
  retryBaseMs: number;
}

/** How the collaboration endpoint holds its documents and limits its connections. */
export interface CollabConfig {
  /** Connection attempts one user may make (COLLAB_CONNECTS_PER_MINUTE, default 120 a minute). */
  connectsPerUser: Limit;
  /** How long a document nobody has open stays in memory (COLLAB_IDLE_MS, default 30000). */
  idleMs: number;
  /** Stored changes of a document after which they are compacted into one (COLLAB_COMPACT_AFTER, default 500). */
  compactAfter: number;
  /** How often each process reads the shared log of the documents it holds, whatever it heard (COLLAB_POLL_MS, default 5000; PostgreSQL only). */
  pollMs: number;
}

/** How this process takes part in the background job queue. */
export interface JobQueueConfig {
  /** How long a worker holds a job between renewals; a dead process's job is taken over after it (JOB_LEASE_MS, default 30000). */
  leaseMs: number;
  /** How often an idle worker looks for jobs while it cannot hear the job notifications (JOB_POLL_MS, default 1000). */
  pollMs: number;
  /** Claims per job: a job whose process died this many times is failed (JOB_MAX_ATTEMPTS, default 3). */
  maxAttempts: number;
}

/** An S3-compatible bucket to keep files in (S3_* variables). */
export interface S3Config {
  /** S3_BUCKET: the bucket; it must exist. */
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server's URL; null for AWS. */
  endpoint: string | null;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_FORCE_PATH_STYLE: bucket in the path, not the host name (MinIO and most local servers); default false. */
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; null uses the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** File storage settings. */
export interface StorageConfig {
  /** The bucket when S3_BUCKET is set; null keeps files in the data folder's uploads/. */
  s3: S3Config | null;
  /** Days a deleted upload stays restorable before its file is removed (DELETED_UPLOAD_RETENTION_DAYS, default 30). */
  deletedUploadRetentionDays: number;
  /** Days a finished export stays downloadable before its file is removed (EXPORT_FILE_RETENTION_DAYS, default 7). */
  exportFileRetentionDays: number;
  /** Minutes between two storage sweeps (STORAGE_SWEEP_INTERVAL_MINUTES, default 60); one also runs at start. */
  sweepIntervalMinutes: number;
}

/** The default rich-text thread count: one core is left to the event loop and the database, at most two threads. */
export const DEFAULT_RICH_TEXT_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/** The default time one document may take to clean, waiting for a thread included, in milliseconds. */
export const DEFAULT_RICH_TEXT_TIMEOUT_MS = 20_000;

/** The default upload limit: 5 MB (spec). */
export const DEFAULT_FILE_SIZE_LIMIT = 5_242_880;

// Two levels up from this file is the project root both from src/server/config.ts and from the
// bundled dist/server/main.mjs, which is where dist/ and demo/ live.
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function text(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

/** A power of two from `min` to `max` (`integer` with that one more rule). */
function powerOfTwo(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = integer(env, name, fallback, min, max);
  if (!Number.isInteger(Math.log2(value))) throw new Error(`${name} must be a power of two from ${min} to ${max}, not "${value}"`);
  return value;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (raw !== 'on' && raw !== 'off') throw new Error(`${name} must be on or off, not "${raw}"`);
  return raw === 'on';
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (raw !== '1' && raw !== '0') throw new Error(`${name} must be 1 or 0, not "${raw}"`);
  return raw === '1';
}

function publicUrl(value: string | null): string | null {
  if (value === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new Error(`PUBLIC_URL must be an http:// or https:// URL, not "${value}"`);
  }
  return url.origin;
}

function trustProxy(value: string | null): boolean | string[] {
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim()).filter(Boolean);
}

/** Reads the S3_* variables: null without S3_BUCKET (and none of the others). */
function s3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === null) {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].find((name) => text(env, name) !== null);
    if (stray) throw new Error(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store files in S3`);
    return null;
  }
  const endpoint = text(env, 'S3_ENDPOINT');
  if (endpoint !== null && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error('S3_ENDPOINT must be an http:// or https:// URL');
  const pathStyle = text(env, 'S3_FORCE_PATH_STYLE');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not "${pathStyle}"`);
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain');
  return {
    bucket,
    endpoint,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    credentials: accessKeyId !== null && secretAccessKey !== null ? { accessKeyId, secretAccessKey } : null,
  };
}

/** Reads the file storage variables. */
function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  return {
    s3: s3Config(env),
    deletedUploadRetentionDays: integer(env, 'DELETED_UPLOAD_RETENTION_DAYS', 30, 0, 3650),
    exportFileRetentionDays: integer(env, 'EXPORT_FILE_RETENTION_DAYS', 7, 0, 3650),
    sweepIntervalMinutes: integer(env, 'STORAGE_SWEEP_INTERVAL_MINUTES', 60, 1, 10_080),
  };
}

/** The session secret kept in the data folder, created (readable by the owner only) on first start. */
export function storedSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Reads the configuration from `env`; throws a clear error for an invalid value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const dataDir = resolve(cwd, text(env, 'DATA_DIR') ?? 'data');
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const sessionSecret = text(env, 'SESSION_SECRET');
  if (sessionSecret !== null && sessionSecret.length < 32) {
    throw new Error('SESSION_SECRET must be at least 32 characters long');
  }
  const ownOrigin = publicUrl(text(env, 'PUBLIC_URL'));
  return {
    port: integer(env, 'PORT', 3000, 0, 65_535),
    host: text(env, 'HOST') ?? 'localhost',
    dataDir,
    databaseUrl,
    fileSizeLimit: integer(env, 'FILE_SIZE_LIMIT', DEFAULT_FILE_SIZE_LIMIT, 1, Number.MAX_SAFE_INTEGER),
    aiBaseUrl: text(env, 'AI_BASE_URL'),
    aiApiKey: text(env, 'AI_API_KEY'),
    aiModel: text(env, 'AI_MODEL'),
    unsplashAccessKey: text(env, 'UNSPLASH_ACCESS_KEY'),
    sessionSecret: sessionSecret ?? storedSessionSecret(dataDir),
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    publicUrl: ownOrigin,
    allowedOrigins: (text(env, 'ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    imageOrigins: [
      ...imageOrigins(text(env, 'IMAGE_HOSTS'), text(env, 'UNSPLASH_ACCESS_KEY') !== null),
      ...(ownOrigin ? [ownOrigin] : []),
    ],
    authLimits: DEFAULT_AUTH_LIMITS,
    apiTokenRequests: { max: integer(env, 'API_TOKEN_REQUESTS_PER_MINUTE', 600, 1, 1_000_000), windowMs: 60_000 },
    liveStreamsPerUser: integer(env, 'LIVE_STREAMS_PER_USER', 20, 1, 10_000),
    passwordCost: { ...DEFAULT_PASSWORD_COST, N: powerOfTwo(env, 'PASSWORD_SCRYPT_N', DEFAULT_PASSWORD_COST.N, 2 ** 10, 2 ** 20) },
    rootDir: PROJECT_ROOT,
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    jobs: {
      leaseMs: integer(env, 'JOB_LEASE_MS', 30_000, 100, 3_600_000),
      pollMs: integer(env, 'JOB_POLL_MS', 1_000, 10, 600_000),
      maxAttempts: integer(env, 'JOB_MAX_ATTEMPTS', 3, 1, 100),
    },
    storage: storageConfig(env),
    richText: {
      threads: integer(env, 'RICH_TEXT_THREADS', DEFAULT_RICH_TEXT_THREADS, 1, 16),
      timeoutMs: integer(env, 'RICH_TEXT_TIMEOUT_MS', DEFAULT_RICH_TEXT_TIMEOUT_MS, 100, 600_000),
    },
    readCache: onOff(env, 'READ_CACHE', true),
    collab: {
      connectsPerUser: { max: integer(env, 'COLLAB_CONNECTS_PER_MINUTE', 120, 1, 100_000), windowMs: 60_000 },
      idleMs: integer(env, 'COLLAB_IDLE_MS', 30_000, 0, DAY_MS),
      compactAfter: integer(env, 'COLLAB_COMPACT_AFTER', 500, 1, 1_000_000),
      pollMs: integer(env, 'COLLAB_POLL_MS', 5_000, 100, 3_600_000),
    },
    webhooks: {
      allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false),
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 10, 120_000),
      maxAttempts: integer(env, 'WEBHOOK_MAX_ATTEMPTS', 6, 1, 20),
      retryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 30_000, 0, 3_600_000),
    },
  };
}
