/** The deleted letters unseen-typing.ts reads a colleague's rewrite with. */
import * as Y from 'yjs';
import { made } from './unseen-typing.js';

/** How many of the latest deleted letters an editor remembers. */
const REMEMBERED = 10_000;

/**
 * The letters deleted lately from texts still there, by id: Yjs keeps only the length of deleted
 * text once its transaction ends, and a colleague's rewrite may hold them again (an input
 * method's candidates, replaced by the one chosen, reach colleagues as they are composed). This
 * editor's deletions and those it heard of from others: a colleague's rewrite holding a third
 * editor's deleted letter must still be read to put this editor's letters back. `note` each
 * transaction after it is applied (Yjs's `afterTransaction`: before it collects).
 */
export class DeletedLetters {
  private readonly letters = new Map<string, { value: string; text: Y.XmlText; moved: boolean }>();
  /** How many of the letters remembered each text held. */
  private readonly texts = new Map<Y.XmlText, number>();

  note(transaction: Y.Transaction): void {
    // A deletion larger than all it keeps (select all, then delete) is not read: its letters are
    // whole blocks' for the most part, which no rewrite of a block still there holds, and reading
    // them took 205 ms for 10,000 paragraphs.
    let size = 0;
    for (const ranges of transaction.deleteSet.clients.values()) for (const range of ranges) size += range.len;
    if (size === 0 || size > REMEMBERED) return;
    const written = writtenTexts(transaction);
    Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
      if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentString) || !(struct.parent instanceof Y.XmlText)) return;
      const { str } = struct.content;
      const text = struct.parent;
      // A text deleted with its letters (a block rewritten or deleted) is never rewritten again.
      if (text._item?.deleted) return;
      // Written again by the same transaction (Enter moving the text after the caret into a new block): moved, not deleted.
      const moved = written.some((value) => value.includes(str));
      for (let i = 0; i < str.length; i++) {
        const key = `${struct.id.client}:${struct.id.clock + i}`;
        if (!this.letters.has(key)) this.texts.set(text, (this.texts.get(text) ?? 0) + 1);
        this.letters.set(key, { value: str[i]!, text, moved });
      }
    });
    for (const [key, { text }] of this.letters) {
      if (this.letters.size <= REMEMBERED) break;
      this.letters.delete(key);
      const left = this.texts.get(text)! - 1;
      if (left) this.texts.set(text, left);
      else this.texts.delete(text);
    }
  }

  /** The letter deleted at `clock` of `client`, if it remembers it. */
  letter(client: number, clock: number): string | undefined {
    return this.letters.get(`${client}:${clock}`)?.value;
  }

  /** Whether the letter deleted at `clock` of `client` was written again by the transaction that deleted it (moved by a split). */
  moved(client: number, clock: number): boolean {
    return this.letters.get(`${client}:${clock}`)?.moved === true;
  }

  /** The text the letter deleted at `clock` of `client` was in, if it remembers the letter. */
  textOf(client: number, clock: number): Y.XmlText | undefined {
    return this.letters.get(`${client}:${clock}`)?.text;
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

/** The text a transaction wrote, by the text it went into (each text's new characters together). */
function writtenTexts(transaction: Y.Transaction): string[] {
  const byText = new Map<unknown, string>();
  for (const item of made(transaction)) {
    if (!item.deleted && item.content instanceof Y.ContentString) byText.set(item.parent, (byText.get(item.parent) ?? '') + item.content.str);
  }
  return [...byText.values()];
}
