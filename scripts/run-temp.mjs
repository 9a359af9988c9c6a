// The temporary folder of a test run (npm test, and the parts scripts/test-part.mjs runs).
import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The room /dev/shm must have free for a run to keep its temporary files there. */
const RAM_ROOM_BYTES = 4 * 1024 ** 3;

/**
 * Makes the run's temporary folder and gives it to this process and its children as TMPDIR:
 * in RAM (/dev/shm) when it has room, otherwise in the system's temporary folder. It is open
 * to pass through, as /tmp is (the throwaway PostgreSQL's cluster inside belongs to the
 * postgres user), and is removed when this process exits, also when it is stopped.
 */
export function useRunTemporaryFolder() {
  let parent = tmpdir();
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= RAM_ROOM_BYTES) parent = '/dev/shm';
  } catch {
    // No /dev/shm: the system's temporary folder.
  }
  const dir = mkdtempSync(join(parent, 'rich-editor-tests-'));
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
