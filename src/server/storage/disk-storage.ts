/**
 * The default store: files under a root folder (the data folder's `uploads/`). Each
 * object is its file plus a small JSON sidecar with its metadata, both written to a
 * temporary file and renamed into place, so a crash never leaves a partial object.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, InvalidStorageKeyError, type ObjectMeta, type PutBody, type PutMeta, type Storage, StorageUnavailableError, type StoredObject } from './storage.js';

/** Options of the disk store. */
export interface DiskStorageOptions {
  /** The folder holding the objects; created on first write. */
  root: string;
}

/** Sidecar and temporary files live under dot-folders, which no valid key can name. */
const META_DIR = '.meta';
const TMP_DIR = '.tmp';

/** The ending of a file being written (renamed into place once complete). */
export const PART_SUFFIX = '.part';

interface StoredMeta {
  contentType: string;
  filename?: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A store of files under `options.root`. */
export function createDiskStorage(options: DiskStorageOptions): Storage {
  const root = path.resolve(options.root);

  /** The file for a key, checked to lie inside the root whatever the key says. */
  function inside(base: string, key: string, suffix = ''): string {
    assertValidKey(key);
    const file = path.resolve(base, ...key.split('/')) + suffix;
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key, 'the key leaves the storage folder');
    return file;
  }

  const dataPath = (key: string) => inside(root, key);
  const metaPath = (key: string) => inside(path.join(root, META_DIR), key, '.json');

  /** Writes to a temporary file, then renames it over the target (atomic on one filesystem). */
  async function writeAtomically(target: string, write: (temp: string) => Promise<void>): Promise<void> {
    const tmpDir = path.join(root, TMP_DIR);
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(tmpDir, `${randomUUID()}${PART_SUFFIX}`);
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    async put(key: string, body: PutBody, meta: PutMeta): Promise<void> {
      const target = dataPath(key);
      const sidecar = metaPath(key);
      await writeAtomically(target, async (temp) => {
        const source = body instanceof Uint8Array ? Readable.from([body]) : Readable.from(body);
        const sink = createWriteStream(temp, { flags: 'wx' });
        try {
          await pipeline(source, sink);
        } finally {
          // On a failed body pipeline answers before the file stream has closed (nodejs/node#51540),
          // and one still opening its file would create it after the removal that follows.
          if (!sink.closed) await new Promise((resolve) => sink.once('close', resolve));
        }
      });
      const stored: StoredMeta = { contentType: meta.contentType, ...(meta.filename ? { filename: meta.filename } : {}) };
      await writeAtomically(sidecar, (temp) => writeFile(temp, JSON.stringify(stored), { flag: 'wx' }));
    },

    async get(key: string): Promise<StoredObject | null> {
      let handle;
      try {
        // Opened before anything is read, so a concurrent put or delete cannot mix two versions.
        handle = await open(dataPath(key), 'r');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      let stored: StoredMeta = { contentType: 'application/octet-stream' };
      try {
        stored = { ...stored, ...(JSON.parse(await readFile(metaPath(key), 'utf8')) as StoredMeta) };
      } catch (error) {
        // An object written by hand (no sidecar) is still served, as opaque bytes.
        if (!isMissing(error) && !(error instanceof SyntaxError)) {
          await handle.close();
          throw error;
        }
      }
      const meta: ObjectMeta = { ...stored, size: info.size, modifiedAt: info.mtime };
      return { stream: handle.createReadStream(), meta };
    },

    async delete(key: string): Promise<void> {
      const file = dataPath(key);
      const sidecar = metaPath(key);
      for (const target of [file, sidecar]) {
        try {
          await unlink(target);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },

    async check(): Promise<void> {
      // A file written and removed where every put starts: a folder that exists but cannot be
      // written (read-only, another owner) is found too.
      const probe = path.join(root, TMP_DIR, `${randomUUID()}.check`);
      try {
        await mkdir(path.dirname(probe), { recursive: true });
        await writeFile(probe, '');
        await unlink(probe);
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new StorageUnavailableError(
          `The uploads folder ${root} cannot be written (${reason}): set DATA_DIR to a folder this server may write, or S3_BUCKET to keep files in S3.`,
          { cause: error },
        );
      }
    },

    async exists(key: string): Promise<boolean> {
      try {
        return (await stat(dataPath(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    // A write in progress touches its .part file with every chunk, so one untouched since
    // `olderThan` belongs to a put that stopped (a crash), whichever process made it.
    async removeAbandonedWrites(olderThan: Date): Promise<number> {
      const tmpDir = path.join(root, TMP_DIR);
      let names: string[];
      try {
        names = await readdir(tmpDir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names.filter((entry) => entry.endsWith(PART_SUFFIX))) {
        const file = path.join(tmpDir, name);
        try {
          if ((await stat(file)).mtime >= olderThan) continue;
          await unlink(file);
          removed++;
        } catch (error) {
          // Another process finished or removed it first.
          if (!isMissing(error)) throw error;
        }
      }
      return removed;
    },
  };
}
