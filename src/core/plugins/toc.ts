import type { Node as PMNode } from 'prosemirror-model';

/** One heading of the table of contents. */
export interface TocEntry {
  level: number;
  text: string;
  /** 1 for the first heading of this level, 2 for the second, … */
  sequence: number;
  /** The heading's position in the document. */
  pos: number;
}

/** The document's headings in order, numbered per level. Computed on demand, never per keystroke. */
export function tableOfContents(doc: PMNode): TocEntry[] {
  const entries: TocEntry[] = [];
  const counts = new Map<number, number>();
  doc.descendants((node, pos) => {
    if (node.type.name === 'heading') {
      const level = node.attrs.level as number;
      const sequence = (counts.get(level) ?? 0) + 1;
      counts.set(level, sequence);
      entries.push({ level, text: node.textContent, sequence, pos });
      return false;
    }
    // Headings live in blocks; inline content holds none.
    return !node.inlineContent;
  });
  return entries;
}

/** The `sequence`-th heading (1-based) of a level, if the document has one. */
export function headingEntry(doc: PMNode, level: number, sequence: number): TocEntry | undefined {
  return tableOfContents(doc).find((e) => e.level === level && e.sequence === sequence);
}
