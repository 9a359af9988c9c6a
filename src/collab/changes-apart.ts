/**
 * Changes sent one by one, as they were made, and not merged into one: an editor reads a
 * colleague's change that deleted something (a block written anew, a paragraph split, a
 * selection typed over) against what it typed unseen (unseen-typing.ts, carried-typing.ts,
 * rewrites.ts), and that reading fails once later changes are merged into it. Changes that only
 * inserted are never read so, and a run of them goes as one: a time offline spent typing is a
 * handful of updates, not one per key. Both the server (recent-changes.ts) and the editor
 * (waiting-changes.ts) keep and send what the other missed this way.
 */
import * as Y from 'yjs';

/** A change as a document took it, or a run of changes that only inserted. */
export interface Change {
  /** Its update, or the run's updates. */
  updates: Uint8Array[];
  /** Whether it deleted anything. */
  deletes: boolean;
  /** How many changes it is. */
  count: number;
  /** The clock each client's items in it reach (none for a change that only deleted). */
  ends: Map<number, number>;
}

/** How many updates Yjs merges at once: its merge grows faster than the number merged (6,400 keys at once: 1.1 s; in rounds of 32: about 0.15 s). */
const MERGED_AT_ONCE = 32;
/** What keeping an update costs besides its bytes (the array holding them), for the bounds on bytes kept. */
const KEPT_OVERHEAD = 100;

/** `updates` merged into one, in rounds of MERGED_AT_ONCE. */
function merged(updates: Uint8Array[]): Uint8Array {
  let round = updates;
  while (round.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < round.length; i += MERGED_AT_ONCE) {
      const part = round.slice(i, i + MERGED_AT_ONCE);
      next.push(part.length === 1 ? part[0]! : Y.mergeUpdates(part));
    }
    round = next;
  }
  return round[0]!;
}

/** The change a transaction made. */
export function changeOf(update: Uint8Array, transaction: Y.Transaction): Change {
  const ends = new Map<number, number>();
  for (const [client, end] of transaction.afterState) if (end > (transaction.beforeState.get(client) ?? 0)) ends.set(client, end);
  return { updates: [update], deletes: transaction.deleteSet.clients.size > 0, count: 1, ends };
}

/** Adds `change` to `list`: into the last one when neither deleted anything (a run of typing, merged when sent), or after it. Returns how many bytes the list grew by. */
export function keep(list: Change[], change: Change): number {
  const last = list[list.length - 1];
  if (!last || last.deletes || change.deletes) list.push(change);
  else {
    last.updates.push(...change.updates);
    last.count += change.count;
    for (const [client, end] of change.ends) last.ends.set(client, Math.max(end, last.ends.get(client) ?? 0));
  }
  return bytesOf(change);
}

/** The bytes a change's updates take, with what keeping them costs. */
export const bytesOf = (change: Change): number => change.updates.reduce((sum, update) => sum + update.byteLength + KEPT_OVERHEAD, 0);

/** How many updates `changes` go as (`apart`). */
export function countApart(changes: readonly Change[]): number {
  let count = 0;
  for (let i = 0; i < changes.length; i++) if (changes[i]!.deletes || i === 0 || changes[i - 1]!.deletes) count++;
  return count;
}

/**
 * `changes` as the updates to send, in order, each less what a document holding `vector` has,
 * with how many changes each covers: each change that deleted something alone, each run of the
 * others merged.
 */
export function apart(changes: readonly Change[], vector: Uint8Array): { update: Uint8Array; covers: number }[] {
  const out: { update: Uint8Array; covers: number }[] = [];
  for (let i = 0; i < changes.length; ) {
    const start = i++;
    if (!changes[start]!.deletes) while (i < changes.length && !changes[i]!.deletes) i++;
    const run = changes.slice(start, i);
    const update = merged(run.flatMap((change) => change.updates));
    out.push({ update: Y.diffUpdate(update, vector), covers: run.reduce((sum, change) => sum + change.count, 0) });
  }
  return out;
}

/** Whether an update holds nothing (two bytes: no items, no deletions). */
export const empty = (update: Uint8Array): boolean => update.byteLength <= 2;
