/**
 * The updates a transaction applied from others, kept in its meta: Yjs skips a deletion of what is
 * deleted here already, so the transaction's own delete set does not say that a colleague deleted
 * it too; the update's does (a block two editors wrote anew at once, a letter deleted here that a
 * colleague's Enter carried along).
 */
import * as Y from 'yjs';

/** The transaction meta holding the updates it applied from others. */
const REMOTE_UPDATES = 'rich-editor-remote-updates';

/** Applies an update from others as one transaction of `origin`, the update kept in its meta. */
export function applyRemoteUpdate(doc: Y.Doc, update: Uint8Array, origin: unknown): void {
  doc.transact((transaction) => {
    const updates = (transaction.meta.get(REMOTE_UPDATES) as Uint8Array[] | undefined) ?? [];
    transaction.meta.set(REMOTE_UPDATES, [...updates, update]);
    Y.applyUpdate(doc, update, origin);
  }, origin);
}

/** What the updates a transaction applied from others deleted, each update's own deletions (none when it applied none through `applyRemoteUpdate`). */
export function remoteDeletions(transaction: Y.Transaction): Y.Transaction['deleteSet'][] {
  const updates = (transaction.meta.get(REMOTE_UPDATES) as Uint8Array[] | undefined) ?? [];
  return updates.map((update) => Y.decodeUpdate(update).ds);
}
