import { join } from 'node:path';
import type { Config } from '../config.js';
import { createDiskStorage, type Storage } from '../storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files and finished exports are kept (the data folder's uploads/). */
    storage: Storage;
  }
}

/** The app's file store: `uploads/` in the data folder. */
export function createAppStorage(config: Pick<Config, 'dataDir'>): Storage {
  return createDiskStorage({ root: join(config.dataDir, 'uploads') });
}
