import type { TestServer } from './harness.js';

/** A hold on a test server's file storing (see {@link holdStoring}). */
export interface StoringHold {
  /** The storage's own `put`, which stores at once. */
  readonly put: TestServer['app']['storage']['put'];
  /** Resolves with the key of the first file held: a job has written its file and waits at storing. */
  readonly reached: Promise<string>;
  /** Lets the held stores and every later one go through. */
  release(): void;
  /** Releases, and gives the storage its own `put` back. */
  restore(): void;
}

/**
 * Holds every file `server` stores until `release()`: an export then waits at storing, with its
 * file written (progress 90).
 */
export function holdStoring(server: TestServer): StoringHold {
  const storage = server.app.storage;
  const put = storage.put;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held!: (key: string) => void;
  const reached = new Promise<string>((resolve) => (held = resolve));
  storage.put = async (key, body, meta) => {
    held(key);
    await gate;
    return put.call(storage, key, body, meta);
  };
  return {
    put,
    reached,
    release,
    restore() {
      release();
      storage.put = put;
    },
  };
}
