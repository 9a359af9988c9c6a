/**
 * A save of an issue's description or a page's content through the REST API, with editors
 * perhaps editing the same document together. There is one write path for a document that has
 * a shared document: a REST save goes through it, never around it.
 *
 * - A document with no shared log (never opened in an editor) is saved as before, in one
 *   transaction that holds the document's advisory lock (the one its first opening seeds under),
 *   so an opening waits and then seeds from the saved text.
 * - A document with a log: the plain copy is first brought up to date with the shared document
 *   (so the version names what the editors hold), the version check runs against it, then the
 *   new content replaces the shared document's as one change (only what differs), stored and
 *   passed to every connected editor, and the plain copy is saved from the result.
 *
 * What the version check means here: a save names the version of the text it edited; every
 * derived copy of the editors' changes is a new version, as a REST save is, so a save made while
 * others type is refused with 409 and the current text, unless nothing was saved since it read.
 * Changes made on another server process within the last DERIVE_DELAY_MS may not be in the
 * version yet: those merge with the save (the shared document keeps both), rather than refuse it.
 */
import type { CollabHub } from '../../collab/hub.js';
import { replacementUpdate } from '../../collab/server.js';
import type { Db } from '../db/index.js';
import type { DescriptionJson } from '../issues/description.js';
import { parseRichText, type RichText } from '../rich-text/index.js';
import { COLLAB_LOCK_CLASS, LOCK_DOCUMENT_SQL } from './database-store.js';
import type { DerivedCopies } from './derived-copies.js';
import type { DocumentName } from './documents.js';
import { PLAIN_COPIES, type PlainRow } from './plain-copies.js';

/** One REST save of a document's content. */
export interface RestWrite<Row extends PlainRow> {
  document: DocumentName;
  /** The version the client edited. */
  version: number;
  /** The new content, cleaned (normalisedRichText). */
  content: RichText;
  /** Who saves. */
  actorId: string;
  /** Finds and locks the row with the route's own checks (404, archived…), and makes the request's other changes in `tx`. */
  begin(tx: Db): Promise<Row>;
  /** The route's save (409 on a stale version). */
  save(tx: Db, row: Row, content: RichText, version: number): Promise<DescriptionJson>;
}

/** Whether the document has a shared log, read under its lock (held until `tx` ends). */
async function lockedLogExists(tx: Db, name: string): Promise<boolean> {
  await tx.query(LOCK_DOCUMENT_SQL, [COLLAB_LOCK_CLASS, name]);
  return (await tx.one<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM collab_updates WHERE document = $1) AS found', [name])).found;
}

/** Saves content from the REST API (see the file's comment). */
export async function saveFromRest<Row extends PlainRow>(db: Db, hub: CollabHub, copies: DerivedCopies, write: RestWrite<Row>): Promise<DescriptionJson> {
  const { name } = write.document;
  const plain = await db.transaction(async (tx) => {
    if (await lockedLogExists(tx, name)) return null;
    return write.save(tx, await write.begin(tx), write.content, write.version);
  });
  if (plain) return plain;
  // The editors' changes so far become the current version first.
  await copies.flush(name);
  return copies.exclusive(name, async () => {
    await db.transaction(async (tx) => {
      const row = await write.begin(tx);
      // A stale version is refused by the route's own save, which throws before it writes anything.
      if (row.description_version !== write.version) await write.save(tx, row, write.content, write.version);
    });
    const content = parseRichText({ json: write.content.json });
    // Passed to the editors here; a derive it schedules finds the same text and saves nothing.
    await hub.edit(name, (doc) => replacementUpdate(doc, content));
    const copy = PLAIN_COPIES[write.document.kind];
    return db.transaction(async (tx) => {
      const row = await copy.find(tx, write.document.id);
      if (!row) throw new Error(`${name} was deleted while it was saved`);
      // The content saved is the one the editors now hold (what the derived copy would be).
      return copy.save(tx, row, write.content, row.description_version, write.actorId);
    });
  });
}
