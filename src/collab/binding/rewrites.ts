/**
 * Two editors who write one block anew at once (one drags it, the other makes it a heading; both
 * drag it) each delete its element and insert a copy: Yjs has no move or retype, so both copies
 * stay and the block shows twice. An editor remembers the blocks it wrote anew lately
 * (`Rewrites`); when a colleague's change deleted one of those elements too (its update's own
 * deletions say so: remote-updates.ts) and inserted a copy that
 * reads as the block did, the two copies are one block written twice.
 *
 * Of the two, the copy of the editor with the greater client id stays, the same on every screen;
 * the other editor folds its copy into it (fold.ts). Only that editor acts, so nothing is done
 * twice; three at once leave the greatest's copy.
 */
import type { Schema } from 'prosemirror-model';
import diff from 'fast-diff';
import * as Y from 'yjs';
import { remoteDeletions } from './remote-updates.js';

/** A text block this editor wrote anew: the element it deleted and the copy it inserted. */
export interface Rewrite {
  /** The deleted element's item. */
  from: Y.Item;
  /** Its type and attributes, and its text, as this editor wrote them over. */
  name: string;
  attributes: Record<string, unknown>;
  text: string;
  /** The copy. */
  copy: Y.XmlElement;
  /** Which of those letters this editor had typed. */
  ours: boolean[];
  /** The clocks of this editor's items the rewrite made: the copy's letters as written. */
  made: [number, number];
  /** Whether the copy stands where the deleted element did (a retype, not a move). */
  inPlace: boolean;
}

/**
 * How the letters of a colleague's copy line up with those this editor wrote, when their copy
 * lacks letters this editor had typed into the block unseen by them before both wrote it anew:
 * for each written letter (and the end), its index in their copy, or where it would stand there
 * when their copy lacks it (`missing`).
 */
export interface Lines {
  at: number[];
  missing: Set<number>;
}

/** A block this editor and a colleague wrote anew at once. */
export interface Rewritten {
  rewrite: Rewrite;
  /** The colleague's copy. */
  theirs: Y.XmlElement;
  /** How its letters line up with the rewrite's, when they do not read the same. */
  lines: Lines | null;
}

/** The longest copy whose letters are lined up with a rewrite's letter by letter (a longer one must read the same). */
const LINE_UP_TO = 1_000;

/**
 * How a colleague's copy reading `theirs` lines up with `rewrite`'s letters, or null unless it
 * reads as they do less letters of this editor's (typed before the rewrite, unheard of by the
 * colleague). A copy with letters more (the colleague's, typed unseen here) is not taken: the
 * block that stays reads as their copy, and letters the colleague may have typed into this
 * editor's copy meanwhile could then not be put back (the block would not read as that copy less
 * them, with others' letters left out).
 */
function linedUp(rewrite: Rewrite, theirs: string): Lines | null {
  if (rewrite.text.length + theirs.length > LINE_UP_TO) return null;
  const at: number[] = [];
  const missing = new Set<number>();
  let index = 0;
  for (const [op, part] of diff(rewrite.text, theirs)) {
    if (op === diff.INSERT) return null;
    for (let i = 0; i < part.length; i++) {
      if (op === diff.DELETE && !rewrite.ours[at.length]) return null;
      if (op === diff.DELETE) missing.add(at.length);
      at.push(op === diff.DELETE ? index : index++);
    }
  }
  at.push(theirs.length);
  return { at, missing };
}

/** How many rewrites an editor remembers: a colleague who was offline may send theirs much later. */
const REMEMBERED = 100;

/** Whether an item was there before the transaction (made before it). */
const madeBefore = (transaction: Y.Transaction, item: Y.Item): boolean => item.id.clock < (transaction.beforeState.get(item.id.client) ?? 0);

/** An element's only text, or null when it holds anything else (an inline node) or more than one text. */
export function onlyText(element: Y.XmlElement, live: (item: Y.Item) => boolean): Y.XmlText | null {
  let text: Y.XmlText | null = null;
  for (let item = element._start; item; item = item.right) {
    if (!live(item)) continue;
    if (!(item.content instanceof Y.ContentType) || !(item.content.type instanceof Y.XmlText) || text) return null;
    text = item.content.type;
  }
  return text;
}

/**
 * A text block's letters, those `live` says were there ('' when it has none), or null when it
 * holds anything but one text; `clients`, when given, gets each letter's typist.
 */
function lettersOf(element: Y.XmlElement, live: (item: Y.Item) => boolean, clients?: number[]): string | null {
  const hasChildren = (() => {
    for (let item = element._start; item; item = item.right) if (live(item)) return true;
    return false;
  })();
  const text = onlyText(element, live);
  if (!text) return hasChildren ? null : '';
  let letters = '';
  for (let item = text._start; item; item = item.right) {
    if (!live(item) || !(item.content instanceof Y.ContentString)) continue;
    letters += item.content.str;
    clients?.push(...Array<number>(item.length).fill(item.id.client));
  }
  return letters;
}

/** An element's attributes, those `live` says were there. */
function attributesOf(element: Y.XmlElement, live: (item: Y.Item) => boolean): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const [key, item] of element._map) if (live(item)) attributes[key] = item.content.getContent()[item.length - 1];
  return attributes;
}

/** Whether `item` and `other` stand side by side in their parent, with only deleted items between. */
export function besides(item: Y.Item, other: Y.Item): boolean {
  if (item.parent !== other.parent) return false;
  for (const step of ['right', 'left'] as const) {
    for (let next = item[step]; next; next = next[step]) {
      if (next === other) return true;
      if (!next.deleted) break;
    }
  }
  return false;
}

/** The text block elements a transaction made, those not deleted since (null when there are more than REMEMBERED: a paste, not a rewrite). */
function madeTextBlocks(transaction: Y.Transaction, schema: Schema): Y.XmlElement[] | null {
  const blocks: Y.XmlElement[] = [];
  for (const [client, to] of transaction.afterState) {
    const from = transaction.beforeState.get(client) ?? 0;
    if (to <= from) continue;
    const structs = transaction.doc.store.clients.get(client) ?? [];
    for (let i = Y.findIndexSS(structs, from); i < structs.length && structs[i]!.id.clock < to; i++) {
      const struct = structs[i]!;
      if (!(struct instanceof Y.Item) || struct.deleted || !(struct.content instanceof Y.ContentType)) continue;
      const { type } = struct.content;
      if (type instanceof Y.XmlElement && schema.nodes[type.nodeName]?.isTextblock && blocks.push(type) > REMEMBERED) return null;
    }
  }
  return blocks;
}

/** The text blocks this editor wrote anew lately, and which of them a colleague wrote anew at once. */
export class Rewrites {
  private list: Rewrite[] = [];

  constructor(private readonly schema: Schema) {}

  /** Notes the text blocks a transaction of this editor's wrote anew (Yjs's `afterTransaction`, before it collects). */
  note(transaction: Y.Transaction): void {
    if (!transaction.local) return;
    const { clientID } = transaction.doc;
    const made = madeTextBlocks(transaction, this.schema);
    if (!made?.length) return;
    const wasThere = (item: Y.Item) => madeBefore(transaction, item) && (!item.deleted || Y.isDeleted(transaction.deleteSet, item.id));
    const isThere = (item: Y.Item) => !item.deleted;
    const deleted: { element: Y.XmlElement; text: string; clients: number[] }[] = [];
    Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
      if (deleted.length > REMEMBERED || !(struct instanceof Y.Item) || !madeBefore(transaction, struct) || !(struct.content instanceof Y.ContentType)) return;
      const element = struct.content.type;
      if (!(element instanceof Y.XmlElement) || !this.schema.nodes[element.nodeName]?.isTextblock) return;
      const clients: number[] = [];
      const text = lettersOf(element, wasThere, clients);
      if (text !== null) deleted.push({ element, text, clients });
    });
    if (!deleted.length || deleted.length > REMEMBERED) return;
    const range: [number, number] = [transaction.beforeState.get(clientID) ?? 0, transaction.afterState.get(clientID) ?? 0];
    for (const copy of made) {
      const text = lettersOf(copy, isThere);
      if (text === null) continue;
      const sources = deleted.filter((old) => old.text === text);
      if (sources.length !== 1 || made.filter((other) => lettersOf(other, isThere) === text).length !== 1) continue;
      const { element, clients } = sources[0]!;
      this.list.push({
        from: element._item!,
        name: element.nodeName,
        attributes: attributesOf(element, wasThere),
        text,
        ours: clients.map((client) => client === clientID),
        copy,
        made: range,
        inPlace: besides(copy._item!, element._item!),
      });
    }
    if (this.list.length > REMEMBERED) this.list = this.list.slice(-REMEMBERED);
  }

  /**
   * The blocks this editor wrote anew that a colleague's change (applied here, with its updates)
   * also deleted, each with the colleague's copy when exactly one reads as the block did. Cheap
   * when there are none: the updates are read only when this editor wrote a block anew lately
   * and the change made a text block.
   */
  rewrittenAtOnce(transaction: Y.Transaction): Rewritten[] {
    if (!this.list.length) return [];
    const made = madeTextBlocks(transaction, this.schema);
    if (!made?.length) return [];
    const deletions = remoteDeletions(transaction);
    const found: Rewritten[] = [];
    for (const rewrite of this.list) {
      if (rewrite.copy._item!.deleted || !deletions.some((ds) => Y.isDeleted(ds, rewrite.from.id))) continue;
      const texts = made.flatMap((block) => {
        const text = block === rewrite.copy ? null : lettersOf(block, (item) => !item.deleted);
        return text === null ? [] : [{ block, text }];
      });
      // A copy reading as the block did; failing that, one that reads so but for letters this editor typed unseen by them.
      const same = texts.filter(({ text }) => text === rewrite.text);
      if (same.length === 1) found.push({ rewrite, theirs: same[0]!.block, lines: null });
      if (same.length) continue;
      const lined = texts.flatMap(({ block, text }) => {
        const lines = linedUp(rewrite, text);
        return lines ? [{ block, lines }] : [];
      });
      if (lined.length === 1) found.push({ rewrite, theirs: lined[0]!.block, lines: lined[0]!.lines });
    }
    // Each is answered once, whichever copy stays.
    this.list = this.list.filter((rewrite) => !found.some((pair) => pair.rewrite === rewrite));
    return found.filter(({ theirs }) => theirs._item!.id.client > transaction.doc.clientID);
  }
}
