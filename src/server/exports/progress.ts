/**
 * Progress of an export as a fraction from 0 to 1, reported at most once per percent
 * and yielding to the event loop now and then, so a large export running in the
 * background never holds up the server's requests.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Told how many rows have been written so far. */
export type RowsWritten = (count: number) => Promise<void>;

/** Rows written between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/**
 * A `RowsWritten` for `total` rows that reports `count / (total + 1)`: the last step
 * (finishing the file) is reported as 1 by the caller when the bytes are ready.
 */
export function rowProgress(total: number, onProgress: ((fraction: number) => void) | undefined): RowsWritten {
  let lastPercent = -1;
  return async (count) => {
    const percent = Math.floor((count / (total + 1)) * 100);
    if (onProgress && percent > lastPercent) {
      lastPercent = percent;
      onProgress(count / (total + 1));
    }
    if (count % ROWS_PER_TURN === 0) await nextTurn();
  };
}
