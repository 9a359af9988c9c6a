import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** The SHA-256 digest of bytes, as lower-case hex (the form file_assets.sha256 keeps). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A pass-through that checks the bytes' SHA-256 digest against `expected`. The digest is known
 * only after the last byte, so the last chunk is held back until then: on a mismatch the stream
 * fails with `onMismatch(actual)`'s error instead of delivering it, and no reader ever receives
 * the damaged bytes as a complete file.
 */
export function digestCheck(expected: string, onMismatch: (actual: string) => Error): Transform {
  const hash = createHash('sha256');
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      if (held) this.push(held);
      held = chunk;
      callback();
    },
    flush(callback) {
      const actual = hash.digest('hex');
      if (actual !== expected) return callback(onMismatch(actual));
      if (held) this.push(held);
      callback();
    },
  });
}
