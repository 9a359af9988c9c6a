import type { JSONNode } from '../../../core/serialize/json.js';

/** One heading of a page: its level (1–3), its text, and which heading of that level it is (1-based). */
export interface HeadingEntry {
  level: number;
  text: string;
  sequence: number;
}

function textOf(node: JSONNode): string {
  return node.text ?? (node.content ?? []).map(textOf).join('');
}

/**
 * The headings of levels 1 to 3 in an editor document (its JSON), numbered per level the way the
 * element's `scrollToHeading(level, sequence)` counts them: every heading of a level counts,
 * in document order, including headings inside quotes or lists.
 */
export function headingsOf(doc: JSONNode): HeadingEntry[] {
  const entries: HeadingEntry[] = [];
  const counts = new Map<number, number>();
  const visit = (node: JSONNode) => {
    if (node.type === 'heading') {
      const level = Number(node.attrs?.level ?? 1);
      const sequence = (counts.get(level) ?? 0) + 1;
      counts.set(level, sequence);
      if (level >= 1 && level <= 3) entries.push({ level, text: textOf(node), sequence });
      return;
    }
    node.content?.forEach(visit);
  };
  visit(doc);
  return entries;
}
