import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_FILE_SIZE_LIMIT, loadConfig } from '../../src/server/config.js';

let cwd: string;
before(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'rich-editor-config-'));
});
after(() => rm(cwd, { recursive: true, force: true }));

describe('loadConfig', () => {
  test('needs nothing on a fresh machine: port 3000, ./data, PGlite, 5 MB uploads', () => {
    const config = loadConfig({}, cwd);
    assert.equal(config.port, 3000);
    assert.equal(config.host, 'localhost');
    assert.equal(config.dataDir, join(cwd, 'data'));
    assert.equal(config.databaseUrl, null);
    assert.equal(config.fileSizeLimit, 5_242_880);
    assert.equal(DEFAULT_FILE_SIZE_LIMIT, 5_242_880);
    assert.equal(config.aiBaseUrl, null);
    assert.equal(config.aiApiKey, null);
    assert.equal(config.aiModel, null);
    assert.equal(config.unsplashAccessKey, null);
    assert.deepEqual(config.allowedOrigins, []);
    assert.equal(config.trustProxy, false);
    assert.deepEqual(config.jobs, { leaseMs: 30_000, pollMs: 1_000, maxAttempts: 3 });
    assert.deepEqual(config.passwordCost, { N: 32_768, r: 8, p: 3 });
  });

  test('TRUST_PROXY takes true or a list of addresses', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }, cwd).trustProxy, true);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }, cwd).trustProxy, ['10.0.0.1', '10.0.0.0/8']);
  });

  test('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'elsewhere',
        DATABASE_URL: 'postgres://u:p@db:5432/app',
        FILE_SIZE_LIMIT: '1048576',
        AI_BASE_URL: 'http://127.0.0.1:9999/v1',
        AI_API_KEY: 'key',
        AI_MODEL: 'model',
        UNSPLASH_ACCESS_KEY: 'unsplash',
        SESSION_SECRET: 's'.repeat(40),
        ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
        LOG_LEVEL: 'warn',
        JOB_LEASE_MS: '5000',
        JOB_POLL_MS: '250',
        JOB_MAX_ATTEMPTS: '5',
        PASSWORD_SCRYPT_N: '1024',
      },
      cwd,
    );
    assert.deepEqual(config.jobs, { leaseMs: 5_000, pollMs: 250, maxAttempts: 5 });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, join(cwd, 'elsewhere'));
    assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/app');
    assert.equal(config.fileSizeLimit, 1_048_576);
    assert.equal(config.aiBaseUrl, 'http://127.0.0.1:9999/v1');
    assert.equal(config.aiApiKey, 'key');
    assert.equal(config.aiModel, 'model');
    assert.equal(config.unsplashAccessKey, 'unsplash');
    assert.equal(config.sessionSecret, 's'.repeat(40));
    assert.deepEqual(config.allowedOrigins, ['https://a.example', 'https://b.example']);
    assert.equal(config.logLevel, 'warn');
    assert.deepEqual(config.passwordCost, { N: 1_024, r: 8, p: 3 });
  });

  test('refuses invalid values with a clear message', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }, cwd), /PORT must be a whole number from 0 to 65535, not "eighty"/);
    assert.throws(() => loadConfig({ PORT: '70000' }, cwd), /PORT must be a whole number/);
    assert.throws(() => loadConfig({ FILE_SIZE_LIMIT: '0' }, cwd), /FILE_SIZE_LIMIT must be a whole number/);
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }, cwd), /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    assert.throws(() => loadConfig({ SESSION_SECRET: 'short' }, cwd), /SESSION_SECRET must be at least 32 characters long/);
    assert.throws(() => loadConfig({ JOB_LEASE_MS: '50' }, cwd), /JOB_LEASE_MS must be a whole number from 100 to 3600000, not "50"/);
    assert.throws(() => loadConfig({ JOB_POLL_MS: 'often' }, cwd), /JOB_POLL_MS must be a whole number/);
    assert.throws(() => loadConfig({ JOB_MAX_ATTEMPTS: '0' }, cwd), /JOB_MAX_ATTEMPTS must be a whole number from 1 to 100/);
    assert.throws(() => loadConfig({ PASSWORD_SCRYPT_N: '3000' }, cwd), /PASSWORD_SCRYPT_N must be a power of two from 1024 to 1048576, not "3000"/);
    assert.throws(() => loadConfig({ PASSWORD_SCRYPT_N: '512' }, cwd), /PASSWORD_SCRYPT_N must be a whole number from 1024 to 1048576, not "512"/);
  });

  test('without SESSION_SECRET, creates one in the data folder (owner-only) and reuses it', async () => {
    const dataDir = join(cwd, 'secret-test');
    const first = loadConfig({ DATA_DIR: dataDir }, cwd);
    const file = join(dataDir, 'session-secret');
    assert.equal((await readFile(file, 'utf8')).trim(), first.sessionSecret);
    assert.ok(first.sessionSecret.length >= 32);
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal(loadConfig({ DATA_DIR: dataDir }, cwd).sessionSecret, first.sessionSecret);
    assert.notEqual(loadConfig({ DATA_DIR: join(cwd, 'other') }, cwd).sessionSecret, first.sessionSecret);
  });
});
