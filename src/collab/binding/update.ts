/**
 * Writes a ProseMirror node into the shared type that stands for it, changing only what differs
 * (y-prosemirror's `updateYFragment`, with the marks of nodes that are not text, moves, and a
 * text's changes found one by one): children that are the same at both ends are kept, a child
 * the editor moved is deleted and inserted at its new place, a changed child of the same type is
 * updated in place, and only the rest is replaced. Unchanged content keeps its identity in the shared document, so others'
 * carets stay put and concurrent typing elsewhere merges. Texts side by side (two editors typed
 * into an empty block at once, each starting one) are one run of text nodes in the editor, and
 * are written as one: each letter stays in the text that holds it.
 */
import diff from 'fast-diff';
import { simpleDiff } from 'lib0/diff';
import type { Mark, Node as PMNode } from 'prosemirror-model';
import * as Y from 'yjs';
import { elementAttributes, marksToFormat, markNameOf, sharedChildren, sharedTypeOf, type Mapping, type SharedChild, type SharedType } from './encoding.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Whether two JSON values are equal, a key holding null being the same as no key (as Yjs keeps attributes). */
export function sameJSON(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== null && a[key] !== undefined);
  if (keys.length !== Object.keys(b).filter((key) => b[key] !== null && b[key] !== undefined).length) return false;
  return keys.every((key) => sameJSON(a[key], b[key]));
}

/** Whether a text's formats stand for `marks`. */
function sameFormat(format: Record<string, unknown> | undefined, marks: readonly Mark[]): boolean {
  const keys = Object.keys(format ?? {});
  return keys.length === marks.length && keys.every((key) => sameJSON(format![key], marks.find((mark) => mark.type.name === markNameOf(key))?.attrs));
}

/**
 * A child of a shared type as the editor's node has it: a type, or the texts standing side by
 * side there (each editor that typed first into an empty block at once started one; the one that
 * started the later joins it into the first, sync.ts `joinNextText`), which the editor reads as
 * one run of text nodes.
 */
type OwnChild = SharedType | Y.XmlText[];

/** A shared type's children, texts side by side together. */
function ownChildren(type: Y.XmlFragment): OwnChild[] {
  const children: OwnChild[] = [];
  for (const child of type.toArray() as SharedType[]) {
    const last = children[children.length - 1];
    if (child instanceof Y.XmlText && last instanceof Y.XmlText) children[children.length - 1] = [last, child];
    else if (child instanceof Y.XmlText && Array.isArray(last)) last.push(child);
    else children.push(child);
  }
  return children;
}

/** The texts a child stands for (none for a type that is not text). */
const textsOf = (child: OwnChild): Y.XmlText[] => (Array.isArray(child) ? child : child instanceof Y.XmlText ? [child] : []);

/** How many of the shared type's children a child is. */
const countOf = (child: OwnChild): number => (Array.isArray(child) ? child.length : 1);

/** Whether shared texts side by side hold exactly these text nodes (runs of one format split between texts read as one). */
function sameText(texts: Y.XmlText[], nodes: PMNode[]): boolean {
  const delta: { insert: unknown; attributes?: Record<string, unknown> }[] = [];
  for (const text of texts) {
    for (const run of text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[]) {
      const last = delta[delta.length - 1];
      if (last && typeof last.insert === 'string' && typeof run.insert === 'string' && sameJSON(last.attributes ?? {}, run.attributes ?? {})) {
        delta[delta.length - 1] = { ...last, insert: last.insert + run.insert };
      } else delta.push(run);
    }
  }
  return delta.length === nodes.length && delta.every((run, i) => run.insert === nodes[i]!.text && sameFormat(run.attributes, nodes[i]!.marks));
}

/** Whether a shared type (or texts side by side) holds exactly a child (its name, attributes, marks and content). */
export function sameContent(type: OwnChild, child: SharedChild): boolean {
  if (Array.isArray(child)) return textsOf(type).length > 0 && sameText(textsOf(type), child);
  if (!(type instanceof Y.XmlElement) || type.nodeName !== child.type.name) return false;
  const children = sharedChildren(child);
  const ours = ownChildren(type);
  return (
    ours.length === children.length &&
    sameJSON(type.getAttributes(), elementAttributes(child)) &&
    ours.every((grandchild, i) => sameContent(grandchild, children[i]!))
  );
}

/** Whether the mapping already records `child` for `type` (the same node, or the same text nodes); texts side by side are never recorded. */
function mapped(mapping: Mapping, type: OwnChild, child: SharedChild): boolean {
  if (Array.isArray(type)) return false;
  const known = mapping.get(type);
  if (known === child) return true;
  return Array.isArray(known) && Array.isArray(child) && known.length === child.length && known.every((node, i) => node === child[i]);
}

/** Records in the mapping that `type` stands for `child` (texts side by side are not recorded: each holds part of it). */
function record(mapping: Mapping, type: OwnChild, child: SharedChild): void {
  if (Array.isArray(type)) for (const text of type) mapping.delete(text);
  else mapping.set(type, child);
}

/** Drops a child from the mapping. */
function unrecord(mapping: Mapping, type: OwnChild): void {
  for (const one of Array.isArray(type) ? type : [type]) mapping.delete(one);
}

/** How many children of an element match a node's from either end, and whether one of them is known to the mapping. */
function likeness(type: Y.XmlElement, node: PMNode, mapping: Mapping): { matched: number; known: boolean } {
  const ours = ownChildren(type);
  const theirs = sharedChildren(node);
  const least = Math.min(ours.length, theirs.length);
  let left = 0;
  let right = 0;
  let known = false;
  for (; left < least; left++) {
    if (mapped(mapping, ours[left]!, theirs[left]!)) known = true;
    else if (!sameContent(ours[left]!, theirs[left]!)) break;
  }
  for (; left + right < least; right++) {
    const a = ours[ours.length - right - 1]!;
    const b = theirs[theirs.length - right - 1]!;
    if (mapped(mapping, a, b)) known = true;
    else if (!sameContent(a, b)) break;
  }
  return { matched: left + right, known };
}

/** How long a changed stretch (removed and inserted characters) may be for its changes to be found one by one: a diff of unrelated text that long (a paste over a selection) takes up to about 10 ms. */
const SPLIT_CHANGES_UP_TO = 1_000;

/**
 * Makes shared texts side by side (most often one) hold `nodes`: the changed characters replaced,
 * then every run's formats set. Of texts side by side, each keeps its own letters: one written
 * into another, as the editor reading them as one would, is there twice once the editor that
 * started it joins it into the first itself (sync.ts `joinNextText`), and letters typed into it
 * meanwhile are lost with it. Letters typed where two meet go at the end of the first, after the
 * character before them, as a caret there keeps to it.
 */
function writeText(texts: Y.XmlText[], nodes: PMNode[], mapping: Mapping): void {
  if (texts.length === 1) mapping.set(texts[0]!, nodes);
  else for (const text of texts) mapping.delete(text);
  let before = '';
  // Every format the texts have is cleared where the new runs do not set it.
  const cleared: Record<string, null> = {};
  for (const text of texts) {
    for (let item = text._start; item; item = item.right) {
      if (item.deleted) continue;
      if (item.countable && item.content instanceof Y.ContentString) before += item.content.str;
      else if (item.content instanceof Y.ContentFormat) cleared[item.content.key] = null;
    }
  }
  const lengths = texts.map((text) => text.length);
  /** The text holding index `at` of the texts read as one, and the index there (at a meeting, the end of the first). */
  const place = (at: number, inside: boolean): [Y.XmlText, number, number] => {
    let start = 0;
    for (let i = 0; i < texts.length - 1; i++) {
      if (inside ? at < start + lengths[i]! : at <= start + lengths[i]!) return [texts[i]!, i, at - start];
      start += lengths[i]!;
    }
    return [texts[texts.length - 1]!, texts.length - 1, at - start];
  };
  const remove = (at: number, count: number) => {
    while (count > 0) {
      const [text, i, index] = place(at, true);
      const here = Math.min(count, lengths[i]! - index);
      text.delete(index, here);
      lengths[i]! -= here;
      count -= here;
    }
  };
  const add = (at: number, letters: string) => {
    const [text, i, index] = place(at, false);
    text.insert(index, letters);
    lengths[i]! += letters.length;
  };
  const runs = nodes.map((node) => ({ insert: node.text!, attributes: { ...cleared, ...marksToFormat(node.marks) } }));
  const { index, remove: removed, insert } = simpleDiff(before, runs.map((run) => run.insert).join(''));
  if (removed && insert && removed + insert.length <= SPLIT_CHANGES_UP_TO) {
    // Changes at several places of the stretch (a word dragged within its paragraph, an input rule
    // taking out "**" at both ends) are written one by one: the characters between them keep their
    // identity, so a colleague's letters among them stay where they were typed.
    let at = index;
    for (const [op, part] of diff(before.slice(index, index + removed), insert)) {
      if (op === diff.DELETE) remove(at, part.length);
      else {
        if (op === diff.INSERT) add(at, part);
        at += part.length;
      }
    }
  } else {
    remove(index, removed);
    if (insert) add(index, insert);
  }
  // Each text's part of the runs, formatted.
  let run = 0;
  let used = 0;
  texts.forEach((text, i) => {
    const delta: { retain: number; attributes: Record<string, unknown> }[] = [];
    for (let left = lengths[i]!; left > 0 && run < runs.length; ) {
      const length = Math.min(left, runs[run]!.insert.length - used);
      delta.push({ retain: length, attributes: runs[run]!.attributes });
      left -= length;
      used += length;
      if (used === runs[run]!.insert.length) [run, used] = [run + 1, 0];
    }
    text.applyDelta(delta);
  });
}

/** Makes an element's attributes those of `node` (marks included). */
function writeAttributes(element: Y.XmlElement, node: PMNode): void {
  const wanted = elementAttributes(node);
  const present = element.getAttributes() as Record<string, unknown>;
  for (const key in wanted) if (!sameJSON(present[key], wanted[key])) element.setAttribute(key, wanted[key] as string);
  for (const key in present) if (!(key in wanted)) element.removeAttribute(key);
}

/** The longest run of `values` that increases, as the indices of its members. */
function increasingRun(values: number[]): Set<number> {
  // Patience sorting: tails[k] is the index of the smallest last value of a run of length k + 1.
  const tails: number[] = [];
  const before: number[] = [];
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    before[i] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = i;
  });
  const run = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = before[i]!) run.add(i);
  return run;
}

/**
 * Children the editor moved (a block dragged elsewhere, list items reordered): the same nodes,
 * known to the mapping, in another order. Each moved one is written as what Yjs can do, its
 * element deleted and a new one inserted at its new place; the children between keep their
 * elements. Written in place instead, as the rest of `writeNode` pairs children by position,
 * every block between the old and the new place took its neighbour's content: an update as
 * large as that stretch of the document, and a colleague's typing in any of those blocks ended
 * up in the block beside it. False when nothing moved.
 */
function writeMoves(type: Y.XmlFragment, ours: SharedType[], theirs: SharedChild[], from: number, to: number, mapping: Mapping): boolean {
  // The nodes standing once in the changed stretch on each side (a node may stand twice in a
  // document: such a one is left to the pairing by position).
  const element = new Map<PMNode, number | null>();
  for (let i = from; i < ours.length - to; i++) {
    const known = mapping.get(ours[i]!);
    if (ours[i] instanceof Y.XmlElement && known && !Array.isArray(known)) element.set(known, element.has(known) ? null : i);
  }
  const seen = new Map<PMNode, number>();
  for (let i = from; i < theirs.length - to; i++) {
    const child = theirs[i]!;
    if (!Array.isArray(child)) seen.set(child, (seen.get(child) ?? 0) + 1);
  }
  const pairs: { ours: number; theirs: number }[] = [];
  for (let i = from; i < theirs.length - to; i++) {
    const child = theirs[i]!;
    const at = Array.isArray(child) ? undefined : element.get(child);
    if (at === undefined || at === null || seen.get(child as PMNode) !== 1) continue;
    pairs.push({ ours: at, theirs: i });
  }
  if (pairs.length < 2) return false;
  const kept = increasingRun(pairs.map((pair) => pair.ours));
  if (kept.size === pairs.length) return false;
  const moved = new Set(pairs.filter((_, i) => !kept.has(i)).map((pair) => pair.theirs));
  // The moved elements leave (from the end, so the indices before stay right)…
  for (const index of pairs.filter((_, i) => !kept.has(i)).map((pair) => pair.ours).sort((a, b) => b - a)) {
    mapping.delete(ours[index]!);
    type.delete(index, 1);
  }
  // …and come back, in the new order, after the nearest child before them in the changed stretch
  // that has an element (or at the stretch's start): the known children then stand in the new order.
  const placed = type.toArray() as SharedType[];
  const anchors = new Set(pairs.map((pair) => pair.theirs));
  for (let i = from; i < theirs.length - to; i++) {
    if (!moved.has(i)) continue;
    let previous: SharedChild | undefined;
    for (let j = i - 1; j >= from && !previous; j--) if (anchors.has(j)) previous = theirs[j];
    let after = from - 1;
    if (previous) for (let k = from; k < placed.length - to; k++) if (mapping.get(placed[k]!) === previous) after = k;
    const fresh = sharedTypeOf(theirs[i]!, mapping);
    type.insert(after + 1, [fresh]);
    placed.splice(after + 1, 0, fresh);
  }
  return true;
}

/**
 * Makes `type` (the fragment, or the element standing for `node`) hold `node`, recording in
 * `mapping` which node each type now stands for. Call it inside a transaction of the document.
 */
export function writeNode(type: Y.XmlFragment, node: PMNode, mapping: Mapping): void {
  write(type, node, mapping, true);
}

/**
 * `writeNode`, looking for moved children only when `moves`: once per type. The pass after the
 * moves pairs by position, since a stretch trimmed otherwise (nodes standing twice) could show
 * another order there and have the moves written again and again.
 */
function write(type: Y.XmlFragment, node: PMNode, mapping: Mapping, moves: boolean): void {
  if (type instanceof Y.XmlElement) {
    if (type.nodeName !== node.type.name) throw new RangeError(`The element ${type.nodeName} cannot hold a ${node.type.name} node`);
    writeAttributes(type, node);
  }
  mapping.set(type, node);
  const theirs = sharedChildren(node);
  const ours = ownChildren(type);
  const sideBySide = ours.some(Array.isArray);
  /** Where a child of `ours` stands among the shared type's children (the same index but after texts side by side). */
  const indexOf = (child: number): number => (sideBySide ? ours.slice(0, child).reduce((index, one) => index + countOf(one), 0) : child);
  const least = Math.min(theirs.length, ours.length);
  let left = 0;
  let right = 0;
  for (; left < least; left++) {
    if (mapped(mapping, ours[left]!, theirs[left]!)) continue;
    if (!sameContent(ours[left]!, theirs[left]!)) break;
    record(mapping, ours[left]!, theirs[left]!);
  }
  for (; left + right < least; right++) {
    const a = ours[ours.length - right - 1]!;
    const b = theirs[theirs.length - right - 1]!;
    if (mapped(mapping, a, b)) continue;
    if (!sameContent(a, b)) break;
    record(mapping, a, b);
  }
  // Moves are of elements (texts side by side stand in a text block, where nothing moves).
  if (moves && !sideBySide && ours.length - left - right > 1 && theirs.length - left - right > 1) {
    if (writeMoves(type, ours as SharedType[], theirs, left, right, mapping)) {
      write(type, node, mapping, false);
      return;
    }
  }
  // The differing middle: a text or an element of the same type is updated in place, from the
  // end whose children match it more; anything else is replaced.
  while (ours.length - left - right > 0 && theirs.length - left - right > 0) {
    const leftOurs = ours[left]!;
    const leftTheirs = theirs[left]!;
    const rightOurs = ours[ours.length - right - 1]!;
    const rightTheirs = theirs[theirs.length - right - 1]!;
    const texts = textsOf(leftOurs);
    if (texts.length && Array.isArray(leftTheirs)) {
      if (!sameText(texts, leftTheirs)) writeText(texts, leftTheirs, mapping);
      else record(mapping, leftOurs, leftTheirs);
      left++;
      continue;
    }
    let updateLeft = leftOurs instanceof Y.XmlElement && !Array.isArray(leftTheirs) && leftOurs.nodeName === leftTheirs.type.name;
    let updateRight = rightOurs instanceof Y.XmlElement && !Array.isArray(rightTheirs) && rightOurs.nodeName === rightTheirs.type.name;
    if (updateLeft && updateRight) {
      const atLeft = likeness(leftOurs as Y.XmlElement, leftTheirs as PMNode, mapping);
      const atRight = likeness(rightOurs as Y.XmlElement, rightTheirs as PMNode, mapping);
      if (atLeft.known !== atRight.known) updateRight = atRight.known;
      else updateRight = atLeft.matched < atRight.matched;
      updateLeft = !updateRight;
    }
    if (updateLeft) {
      write(leftOurs as Y.XmlElement, leftTheirs as PMNode, mapping, true);
      left++;
    } else if (updateRight) {
      write(rightOurs as Y.XmlElement, rightTheirs as PMNode, mapping, true);
      right++;
    } else {
      unrecord(mapping, leftOurs);
      const at = indexOf(left);
      type.delete(at, countOf(leftOurs));
      const fresh = sharedTypeOf(leftTheirs, mapping);
      type.insert(at, [fresh]);
      ours[left] = fresh;
      left++;
    }
  }
  const removed = ours.length - left - right;
  if (ours.length === 1 && theirs.length === 0 && textsOf(ours[0]!).length) {
    // Only the texts' content, so a colleague's typing into the same text survives (y-prosemirror#108).
    for (const text of textsOf(ours[0]!)) {
      mapping.delete(text);
      text.delete(0, text.length);
    }
  } else if (removed > 0) {
    const gone = ours.slice(left, left + removed);
    for (const child of gone) unrecord(mapping, child);
    type.delete(indexOf(left), gone.reduce((count, child) => count + countOf(child), 0));
  }
  if (left + right < theirs.length) type.insert(indexOf(left), theirs.slice(left, theirs.length - right).map((child) => sharedTypeOf(child, mapping)));
}
