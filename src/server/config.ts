import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PASSWORD_COST, type PasswordCost } from './auth/password.js';

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
   * sign-in limits apply per client and cookies are Secure over HTTPS.
   */
  trustProxy: boolean | string[];
  /**
   * The origin users reach the server at (PUBLIC_URL, e.g. https://tracker.example.com), or null.
   * Requests for any other host name than it and localhost are refused (http/host-check.ts).
   */
  publicUrl: string | null;
  /** Origins besides the request's own host allowed to send mutating requests (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
  /** Failed sign-ins allowed within the window before 429: per IP and email, and per IP whatever the email. */
  signInLimit: { perEmail: number; perIp: number; windowMs: number };
  /** scrypt cost for new password hashes. */
  passwordCost: PasswordCost;
  /** Folder holding the built `dist/` and the `demo/` pages. */
  rootDir: string;
  /** pino level (LOG_LEVEL, default info); 'silent' turns logging off. */
  logLevel: string;
  /** The rich-text worker pool: threads (RICH_TEXT_THREADS) and the time one document may take (RICH_TEXT_TIMEOUT_MS). */
  richText: { threads: number; timeoutMs: number };
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
    publicUrl: publicUrl(text(env, 'PUBLIC_URL')),
    allowedOrigins: (text(env, 'ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    signInLimit: { perEmail: 10, perIp: 100, windowMs: 15 * 60_000 },
    passwordCost: DEFAULT_PASSWORD_COST,
    rootDir: PROJECT_ROOT,
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    richText: {
      threads: integer(env, 'RICH_TEXT_THREADS', DEFAULT_RICH_TEXT_THREADS, 1, 16),
      timeoutMs: integer(env, 'RICH_TEXT_TIMEOUT_MS', DEFAULT_RICH_TEXT_TIMEOUT_MS, 100, 600_000),
    },
  };
}
