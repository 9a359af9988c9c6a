/** The letters of a Yjs text as the joins and the folds read them (joins.ts, fold.ts): in order, deleted ones too, with their formats. */
import * as Y from 'yjs';

/** One letter of a text, in order. */
export interface Letter {
  item: Y.Item;
  /** Its clock (the item's, plus its offset in the item). */
  clock: number;
  char: string;
  /** Its formats where it stands. */
  format: Record<string, unknown>;
  /** An inline node (a mention), counted as one in the text's index. */
  embed?: boolean;
}

/** A letter's id: its item's client, and its own clock. */
export const idOf = (letter: Letter): Y.ID => Y.createID(letter.item.id.client, letter.clock);

/** An id as a key of maps and sets (`client:clock`). */
export const idKey = ({ client, clock }: { client: number; clock: number }): string => `${client}:${clock}`;

/** A letter's id as a key (`idKey`). */
export const letterKey = (letter: Letter): string => `${letter.item.id.client}:${letter.clock}`;

/** A text's letters, deleted ones too, in order, with the formats they stand in. */
export function lettersOf(text: Y.XmlText): Letter[] {
  const letters: Letter[] = [];
  let format: Record<string, unknown> = {};
  for (let item = text._start; item; item = item.right) {
    const { content } = item;
    if (content instanceof Y.ContentFormat) {
      if (item.deleted) continue;
      format = { ...format, [content.key]: content.value };
      if (content.value === null) delete format[content.key];
    } else if (content instanceof Y.ContentString || content instanceof Y.ContentDeleted) {
      for (let i = 0; i < item.length; i++) letters.push({ item, clock: item.id.clock + i, char: content instanceof Y.ContentString ? content.str[i]! : '', format });
    } else if (item.countable) {
      for (let i = 0; i < item.length; i++) letters.push({ item, clock: item.id.clock + i, char: '\ufffc', format, embed: true });
    }
  }
  return letters;
}

/** The run of live letters `made` holds in `letters`, when they stand together (only deleted letters between) and read `text` (any text when null); else null. */
export function runOf(letters: Letter[], made: (letter: Letter) => boolean, text: string | null): Letter[] | null {
  const run: Letter[] = [];
  let ended = false;
  for (const letter of letters) {
    if (letter.item.deleted) continue;
    if (made(letter)) {
      if (ended) return null;
      run.push(letter);
    } else if (run.length) ended = true;
  }
  return run.length && (text === null || run.map((letter) => letter.char).join('') === text) ? run : null;
}

/** The letters of `were` the run copies, in order (each the first after the last that reads as the run's next), or null when some letter of the run reads as none. */
export function copiedLetters(were: Letter[], run: Letter[]): Letter[] | null {
  const sources: Letter[] = [];
  let at = 0;
  for (const letter of run) {
    while (at < were.length && were[at]!.char !== letter.char) at++;
    if (at === were.length) return null;
    sources.push(were[at++]!);
  }
  return sources;
}

/** The text of a text block element (its only child), or null. */
export function textOf(element: Y.XmlElement): Y.XmlText | null {
  let found: Y.XmlText | null = null;
  for (let item = element._start; item; item = item.right) {
    if (item.deleted) continue;
    if (!(item.content instanceof Y.ContentType) || !(item.content.type instanceof Y.XmlText) || found) return null;
    found = item.content.type;
  }
  return found;
}
