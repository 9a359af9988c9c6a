/** A local S3-compatible server (s3rver) on 127.0.0.1 over a temporary folder, for tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The bucket the fake holds. */
export const FAKE_S3_BUCKET = 'rich-editor-test';

/** A running fake S3 server. */
export interface FakeS3Server {
  /** Its endpoint, e.g. http://127.0.0.1:41234. */
  endpoint: string;
  bucket: string;
  /** The server's variables, as the app reads them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver on a free port with one empty bucket. */
export async function startFakeS3(): Promise<FakeS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'rich-editor-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: FAKE_S3_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: FAKE_S3_BUCKET,
    env: {
      S3_BUCKET: FAKE_S3_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed development keys.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
