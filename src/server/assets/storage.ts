import { join } from 'node:path';
import type { Config } from '../config.js';
import { createDiskStorage, createS3Storage, type Storage } from '../storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files and finished exports are kept (the data folder's uploads/, or an S3 bucket). */
    storage: Storage;
  }
}

/** The app's file store: the S3 bucket when S3_BUCKET is set, else `uploads/` in the data folder. */
export async function createAppStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  const s3 = config.storage.s3;
  if (!s3) return createDiskStorage({ root: join(config.dataDir, 'uploads') });
  return createS3Storage({
    bucket: s3.bucket,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
}
