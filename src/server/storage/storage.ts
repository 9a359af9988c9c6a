/**
 * Where uploaded files live. Routes speak to this interface only, so the disk store used by
 * default and the S3-compatible one are interchangeable without touching them.
 */
import type { Readable } from 'node:stream';

/** What the caller says about an object when storing it. */
export interface PutMeta {
  /** The canonical content type the object will be served with. */
  contentType: string;
  /** The name the file was uploaded under, kept for downloads. */
  filename?: string;
}

/** What the store knows about a stored object. */
export interface ObjectMeta extends PutMeta {
  /** Size in bytes. */
  size: number;
  /** When the object was last written. */
  modifiedAt: Date;
}

/** A stored object: its bytes as a stream, and its metadata. */
export interface StoredObject {
  stream: Readable;
  meta: ObjectMeta;
}

/** The bytes to store: a buffer, or a stream of chunks (an upload being received). */
export type PutBody = Uint8Array | AsyncIterable<Uint8Array>;

/** A key-value store for file bytes. Keys are `/`-separated names (see `assertValidKey`). */
export interface Storage {
  /** Stores an object; readers see either the old object or the complete new one, never a partial file. */
  put(key: string, body: PutBody, meta: PutMeta): Promise<void>;
  /** The object under the key, or `null` when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Whether an object is stored under the key. */
  exists(key: string): Promise<boolean>;
  /**
   * Removes what interrupted writes left behind (a crash mid-put) and was last touched before
   * `olderThan`, and answers how many it removed. Safe to run from several processes at once.
   */
  removeAbandonedWrites(olderThan: Date): Promise<number>;
  /**
   * Confirms, at start, that the store can be used: the folder can be written, or the bucket is
   * there and these credentials may use it. Throws a {@link StorageUnavailableError} saying
   * what to fix, so a misconfigured server stops at once instead of failing every upload.
   */
  check(): Promise<void>;
  /** Releases the store's connections, if it holds any. */
  close?(): void;
}

/** The store cannot be used as configured; the message says what to change. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Thrown for a key that is not a plain relative name (a caller's mistake). */
export class InvalidStorageKeyError extends RangeError {
  /** Lets an HTTP error handler answer 400 instead of 500. */
  readonly statusCode = 400;

  constructor(key: unknown, reason: string) {
    super(`Invalid storage key ${JSON.stringify(String(key)).slice(0, 80)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Longest key accepted, in characters. */
export const MAX_KEY_LENGTH = 512;

/**
 * One key segment: letters, digits, `_`, `-` and `.`, not starting with a dot (so no
 * `.`/`..` and no hidden names: the store keeps its own files under dot-names).
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/**
 * Throws `InvalidStorageKeyError` unless the key is one or more `/`-separated plain
 * segments: no absolute paths, no `..`, no backslashes, no NUL or other control characters.
 */
export function assertValidKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || !key) throw new InvalidStorageKeyError(key, 'a key is a non-empty string');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, `a key has at most ${MAX_KEY_LENGTH} characters`);
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(key, 'each part holds letters, digits, ".", "_" or "-" and does not start with "."');
  }
}
