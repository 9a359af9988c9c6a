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
 * One Mark per type and attribute values (marks without attributes already are one per type;
 * equal links or colours become one mark), and one array per set of such marks: what a
 * document's reader (`shareMarkSets`, the fast HTML reader) hands out, so equal marks and
 * mark sets share their memory.
 */
export class SharedMarks {
  private readonly byType = new Map<MarkType, Map<string, Mark>>();
  /** Each shared mark and its number, in the order they were met. */
  private readonly ids = new Map<Mark, number>();
  private readonly sets = new Map<string, readonly Mark[]>();

  /** The shared mark equal to `mark`. */
  mark(mark: Mark): Mark {
    if (this.ids.has(mark)) return mark;
    let byAttrs = this.byType.get(mark.type);
    if (!byAttrs) this.byType.set(mark.type, (byAttrs = new Map()));
    const key = JSON.stringify(mark.attrs);
    const known = byAttrs.get(key);
    if (known) return known;
    byAttrs.set(key, mark);
    this.ids.set(mark, this.ids.size);
    return mark;
  }

  /** The shared array of a set of marks, made of shared marks. */
  set(marks: readonly Mark[]): readonly Mark[] {
    if (!marks.length) return Mark.none;
    let key = '';
    for (const mark of marks) key += `${this.ids.get(this.mark(mark))},`;
    let known = this.sets.get(key);
    if (!known) {
      // An exact-size copy: ProseMirror's parsers build sets with room to grow.
      known = marks.map((mark) => this.mark(mark));
      this.sets.set(key, known);
    }
    return known;
  }
}

/**
 * One attribute object per node type and values (heading levels, task states, code languages,
 * image sizes): a node whose attributes equal an earlier node's is that node's `copy` with its
 * own content, which keeps the earlier node's attributes object, and a leaf with equal
 * attributes and marks is the earlier node itself. What a document's readers (`shareMarkSets`,
 * the fast HTML reader) hand out. Unique values (image sources, long ones) stop sharing, and
 * the HTML string writer renders each shared object once (html-string.ts).
 */
export class SharedNodeAttrs {
  private readonly byType = new Map<NodeType, Map<string, PMNode>>();

  /** `node`, or a node equal to it whose attributes object is an earlier equal node's. */
  node(node: PMNode): PMNode {
    if (node.isText || isEmpty(node.attrs)) return node;
    let byAttrs = this.byType.get(node.type);
    if (!byAttrs) this.byType.set(node.type, (byAttrs = new Map()));
    const key = JSON.stringify(node.attrs);
    const known = byAttrs.get(key);
    if (!known) {
      if (byAttrs.size < MAX_SHARED_ATTRS_PER_TYPE && key.length <= MAX_SHARED_KEY_LENGTH) byAttrs.set(key, node);
      return node;
    }
    if (known.attrs === node.attrs || !Mark.sameSet(known.marks, node.marks)) return node;
    return node.isLeaf ? known : known.copy(node.content);
  }
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
  const shared = new SharedMarks();
  const attrs = new SharedNodeAttrs();

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
      const set = shared.set(result.marks);
      if (set !== result.marks) result = result.mark(set);
    }
    return attrs.node(result);
  };

  return share(doc);
}
