import { Fragment, type Mark, type MarkType, type Node as PMNode } from 'prosemirror-model';

/**
 * A loaded document with equal mark sets as one array.
 *
 * ProseMirror's parsers build each text node's marks with `Mark.addToSet`, whose `push`
 * leaves room for 17 marks: about 90 bytes per formatted text run, and a document of
 * 10,000 blocks holds some 20,000 such arrays for a few thousand distinct sets. Mark sets
 * are never mutated (every change makes a new one), so text with equal marks can share
 * one array; the document is rebuilt through the public API (`mark`, `copy`) where a set
 * was replaced, and is otherwise returned as it was.
 */
export function shareMarkSets(doc: PMNode): PMNode {
  // One Mark per type and attribute values: marks without attributes are already one
  // instance per type, and equal links or colours become one mark (and one attribute object).
  const canonical = new Map<MarkType, Map<string, Mark>>();
  const ids = new Map<Mark, number>();
  const sets = new Map<string, readonly Mark[]>();

  const canonicalMark = (mark: Mark): Mark => {
    let byAttrs = canonical.get(mark.type);
    if (!byAttrs) canonical.set(mark.type, (byAttrs = new Map()));
    const key = JSON.stringify(mark.attrs);
    let known = byAttrs.get(key);
    if (!known) {
      byAttrs.set(key, mark);
      ids.set(mark, ids.size);
      known = mark;
    }
    return known;
  };

  const sharedSet = (marks: readonly Mark[]): readonly Mark[] => {
    let key = '';
    for (const mark of marks) key += `${ids.get(canonicalMark(mark))},`;
    let known = sets.get(key);
    if (!known) {
      // An exact-size copy of canonical marks: the parser's array carries room to grow.
      known = marks.map(canonicalMark);
      sets.set(key, known);
    }
    return known;
  };

  const share = (node: PMNode): PMNode => {
    let result = node;
    if (node.childCount) {
      let children: PMNode[] | null = null;
      for (let i = 0; i < node.childCount; i++) {
        const child = node.child(i);
        const shared = share(child);
        if (shared !== child) {
          children ??= Array.from({ length: i }, (_, j) => node.child(j));
        }
        children?.push(shared);
      }
      if (children) result = node.copy(Fragment.from(children));
    }
    if (result.marks.length) {
      const set = sharedSet(result.marks);
      if (set !== result.marks) result = result.mark(set);
    }
    return result;
  };

  return share(doc);
}
