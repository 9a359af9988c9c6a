import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/server/config.js';

let cwd: string;
before(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'rich-editor-storage-config-'));
});
after(() => rm(cwd, { recursive: true, force: true }));

const S3 = { S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

describe('storage settings', () => {
  test('default to the data folder, 30 days for deleted uploads, 7 for export files, a sweep every hour', () => {
    assert.deepEqual(loadConfig({}, cwd).storage, { s3: null, deletedUploadRetentionDays: 30, exportFileRetentionDays: 7, sweepIntervalMinutes: 60 });
  });

  test('read every variable', () => {
    const config = loadConfig({ ...S3, DELETED_UPLOAD_RETENTION_DAYS: '90', EXPORT_FILE_RETENTION_DAYS: '1', STORAGE_SWEEP_INTERVAL_MINUTES: '5' }, cwd);
    assert.deepEqual(config.storage, {
      s3: { bucket: 'uploads', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', forcePathStyle: true, credentials: { accessKeyId: 'key', secretAccessKey: 'secret' } },
      deletedUploadRetentionDays: 90,
      exportFileRetentionDays: 1,
      sweepIntervalMinutes: 5,
    });
  });

  test('S3 needs only a bucket: AWS endpoint, us-east-1, virtual-hosted addresses and the SDK credential chain by default', () => {
    assert.deepEqual(loadConfig({ S3_BUCKET: 'uploads' }, cwd).storage.s3, { bucket: 'uploads', endpoint: null, region: 'us-east-1', forcePathStyle: false, credentials: null });
  });

  test('refuse invalid values with a clear message', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to store files in S3/],
      [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/],
      [{ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false, not "yes"/],
      [{ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'secret' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
      [{ DELETED_UPLOAD_RETENTION_DAYS: 'soon' }, /DELETED_UPLOAD_RETENTION_DAYS must be a whole number from 0 to 3650, not "soon"/],
      [{ EXPORT_FILE_RETENTION_DAYS: '-1' }, /EXPORT_FILE_RETENTION_DAYS must be a whole number from 0 to 3650/],
      [{ STORAGE_SWEEP_INTERVAL_MINUTES: '0' }, /STORAGE_SWEEP_INTERVAL_MINUTES must be a whole number from 1 to 10080/],
    ];
    for (const [env, message] of cases) assert.throws(() => loadConfig(env, cwd), message, JSON.stringify(env));
  });
});
