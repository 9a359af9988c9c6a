import { Fragment, Mark, type MarkType, type NodeType, type Node as PMNode } from 'prosemirror-model';

/** Distinct attribute values kept per node type; types with unique values (image sources) stop there. */
const MAX_SHARED_ATTRS_PER_TYPE = 256;
/** Longer attribute values (long URLs, labels) are not worth a lookup entry. */
const MAX_SHARED_KEY_LENGTH = 200;

function isEmpty(attrs: object): boolean {
  for (const _ in attrs) return false;
  return true;
}

/**
 * A loaded document with equal mark sets as one array, and equal node attributes as one object.
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

  // One attribute object per node type and values (heading levels, task states, code
  // languages): `copy` of the first node with those values keeps its attributes object, and
  // a leaf with equal attributes and marks is that node itself. Unique values stop sharing.
  const nodesByAttrs = new Map<NodeType, Map<string, PMNode>>();
  const withSharedAttrs = (node: PMNode): PMNode => {
    if (node.isText || isEmpty(node.attrs)) return node;
    let byAttrs = nodesByAttrs.get(node.type);
    if (!byAttrs) nodesByAttrs.set(node.type, (byAttrs = new Map()));
    const key = JSON.stringify(node.attrs);
    const known = byAttrs.get(key);
    if (!known) {
      if (byAttrs.size < MAX_SHARED_ATTRS_PER_TYPE && key.length <= MAX_SHARED_KEY_LENGTH) byAttrs.set(key, node);
      return node;
    }
    if (known.attrs === node.attrs || !Mark.sameSet(known.marks, node.marks)) return node;
    return node.isLeaf ? known : known.copy(node.content);
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
    return withSharedAttrs(result);
  };

  return share(doc);
}
