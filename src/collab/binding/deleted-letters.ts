/** The deleted letters unseen-typing.ts reads a colleague's rewrite with. */
import * as Y from 'yjs';
import { idKey } from './letters.js';
import { made } from './made.js';

/** How many of the latest deleted letters an editor remembers. */
const REMEMBERED = 10_000;

/**
 * The letters deleted lately from texts still there, by id: Yjs keeps only the length of deleted
 * text once its transaction ends, and a colleague's rewrite may hold them again (an input
 * method's candidates, replaced by the one chosen, reach colleagues as they are composed). This
 * editor's deletions and those it heard of from others: a colleague's rewrite holding a third
 * editor's deleted letter must still be read to put this editor's letters back. A letter an
 * Enter moved (deleted, and written again into the new block) is remembered with the text it went
 * to: two Enters at once in one paragraph each moved it (carried-typing.ts). `note` each
 * transaction after it is applied (Yjs's `afterTransaction`: before it collects).
 */
export class DeletedLetters {
  private readonly letters = new Map<string, { value: string; text: Y.XmlText; movedTo: Y.XmlText | null; copy: Y.ID | null }>();
  /** How many of the letters remembered each text held. */
  private readonly texts = new Map<Y.XmlText, number>();
  /** Texts this editor copied elsewhere (split-order.ts), by the text copied: letters moved into one are in the copy. */
  private readonly copies = new WeakMap<Y.XmlText, Y.XmlText>();
  /** Letters this editor's transaction under way deletes as moved into a text of its own (`deletesAsMoved`), by id. */
  private moving = new Map<string, Y.XmlText>();

  note(transaction: Y.Transaction): void {
    // (This editor's transaction that `deletesAsMoved` spoke of ends after the colleague's it answers.)
    const moving = transaction.local ? this.moving : new Map<string, Y.XmlText>();
    if (transaction.local) this.moving = new Map();
    // A deletion larger than all it keeps (select all, then delete) is not read: its letters are
    // whole blocks' for the most part, which no rewrite of a block still there holds, and reading
    // them took 205 ms for 10,000 paragraphs.
    let size = 0;
    for (const ranges of transaction.deleteSet.clients.values()) for (const range of ranges) size += range.len;
    if (size === 0 || size > REMEMBERED) return;
    const writtenInto = writtenTexts(transaction);
    const copies = writtenInto.length ? movedCopies(transaction, writtenInto) : new Map<string, { text: Y.XmlText; id: Y.ID }>();
    Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
      if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentString) || !(struct.parent instanceof Y.XmlText)) return;
      const { str } = struct.content;
      const text = struct.parent;
      // A text deleted with its letters (a block rewritten or deleted) is never rewritten again.
      if (text._item?.deleted) return;
      // Written again by the same transaction into a text it made (Enter moving the text after the caret into a new block): moved, not deleted.
      const written = writtenInto.find(({ value }) => value.includes(str))?.text ?? null;
      for (let i = 0; i < str.length; i++) {
        const key = idKey({ client: struct.id.client, clock: struct.id.clock + i });
        const known = this.letters.get(key);
        if (known) this.forget(known);
        const copy = copies.get(key);
        this.letters.set(key, { value: str[i]!, text, movedTo: moving.get(key) ?? copy?.text ?? written, copy: copy?.id ?? null });
        count(this.texts, text, 1);
      }
    });
    for (const [key, letter] of this.letters) {
      if (this.letters.size <= REMEMBERED) break;
      this.letters.delete(key);
      this.forget(letter);
    }
  }

  /** Takes a letter no longer remembered out of the counts. */
  private forget({ text }: { text: Y.XmlText }): void {
    count(this.texts, text, -1);
  }

  /** The letter deleted at `clock` of `client`, if it remembers it. */
  letter(client: number, clock: number): string | undefined {
    return this.letters.get(idKey({ client, clock }))?.value;
  }

  /** The text the transaction that deleted the letter at `clock` of `client` wrote it again into (Enter moving it into a new block), if any. */
  movedTo(client: number, clock: number): Y.XmlText | null {
    let text = this.letters.get(idKey({ client, clock }))?.movedTo ?? null;
    while (text && this.copies.has(text)) text = this.copies.get(text)!;
    return text;
  }

  /** The letter an Enter wrote for the letter deleted at `clock` of `client`, when it moved it into a text it made (see `movedTo`). */
  copyOf(client: number, clock: number): Y.ID | null {
    return this.letters.get(idKey({ client, clock }))?.copy ?? null;
  }

  /**
   * Notes that this editor's transaction under way deletes the letter `id` as moved into `text`, a
   * text of its own: a copy a colleague's Enter made of letters this editor's Enter moved there
   * (carried-typing.ts). Read with the deletion, once the transaction ends (`note`).
   */
  deletesAsMoved(id: Y.ID, text: Y.XmlText): void {
    this.moving.set(idKey(id), text);
  }

  /** Notes that this editor copied `text` to `copy` and deleted it (a block put elsewhere): letters moved into it are in the copy now. */
  copied(text: Y.XmlText, copy: Y.XmlText): void {
    this.copies.set(text, copy);
  }

  /** The text the letter deleted at `clock` of `client` was in, if it remembers the letter. */
  textOf(client: number, clock: number): Y.XmlText | undefined {
    return this.letters.get(idKey({ client, clock }))?.text;
  }

  /** How many letters it remembers. */
  get size(): number {
    return this.letters.size;
  }

  /** Whether it remembers letters deleted from `text`. */
  heldBy(text: Y.XmlText): boolean {
    return this.texts.has(text);
  }
}

/** Adds `by` to a text's count, dropping it at zero. */
function count(counts: Map<Y.XmlText, number>, text: Y.XmlText, by: number): void {
  const value = (counts.get(text) ?? 0) + by;
  if (value > 0) counts.set(text, value);
  else counts.delete(text);
}

/** What a transaction wrote into each text it made (a block's, an Enter's new one): its letters, and each one's id. */
interface Written {
  text: Y.XmlText;
  value: string;
  ids: Y.ID[];
}

/** The letters a transaction wrote into texts it made, by text. */
function writtenTexts(transaction: Y.Transaction): Written[] {
  const byText = new Map<Y.XmlText, Written>();
  for (const item of made(transaction)) {
    if (item.deleted || !(item.content instanceof Y.ContentString) || !(item.parent instanceof Y.XmlText)) continue;
    const { _item: made } = item.parent;
    if (!made || made.id.clock < (transaction.beforeState.get(made.id.client) ?? 0)) continue;
    const written = byText.get(item.parent) ?? { text: item.parent, value: '', ids: [] };
    byText.set(item.parent, written);
    written.value += item.content.str;
    for (let i = 0; i < item.length; i++) written.ids.push(Y.createID(item.id.client, item.id.clock + i));
  }
  return [...byText.values()];
}

/**
 * For a text the transaction deleted letters from that one it made reads exactly as (an Enter's
 * move), each letter deleted with the text it went to and the id written for it there.
 */
function movedCopies(transaction: Y.Transaction, written: Written[]): Map<string, { text: Y.XmlText; id: Y.ID }> {
  const texts = new Set<Y.XmlText>();
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    if (struct instanceof Y.Item && struct.content instanceof Y.ContentString && struct.parent instanceof Y.XmlText && !struct.parent._item?.deleted) texts.add(struct.parent);
  });
  const copies = new Map<string, { text: Y.XmlText; id: Y.ID }>();
  for (const text of texts) {
    let value = '';
    const keys: string[] = [];
    for (let item = text._start; item; item = item.right) {
      if (!(item.content instanceof Y.ContentString) || !Y.isDeleted(transaction.deleteSet, item.id)) continue;
      value += item.content.str;
      for (let i = 0; i < item.length; i++) keys.push(idKey({ client: item.id.client, clock: item.id.clock + i }));
    }
    const target = written.find((one) => one.value === value);
    if (target) keys.forEach((key, i) => copies.set(key, { text: target.text, id: target.ids[i]! }));
  }
  return copies;
}
