import type { Node as PMNode } from 'prosemirror-model';
import { tableOfContents } from '../../../core/index.js';

/** One heading of a page: its level (1–3), its text, and which heading of that level it is (1-based). */
export interface HeadingEntry {
  level: number;
  text: string;
  sequence: number;
}

/**
 * The headings of levels 1 to 3 in an editor's document, numbered per level the way the
 * element's `scrollToHeading(level, sequence)` counts them (the core's `tableOfContents`: every
 * heading of a level counts, in document order, including headings inside quotes or lists), each
 * with its text as one line: a mention as its label, a line break as a space.
 */
export function headingsOf(doc: PMNode): HeadingEntry[] {
  return tableOfContents(doc)
    .filter(({ level }) => level >= 1 && level <= 3)
    .map(({ level, text, sequence }) => ({ level, text: text.replace(/\s+/g, ' ').trim(), sequence }));
}
