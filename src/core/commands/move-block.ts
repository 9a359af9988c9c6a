/**
 * Moving blocks: which block a move takes (the drag handle's and the keys' one rule), the
 * keyboard's move, Alt+Shift+ArrowUp and Alt+Shift+ArrowDown, and the words for a move undone.
 * It comes with the drag handle (the pieces' chunk), not in what a first paint and typing need.
 */
import { keydownHandler } from 'prosemirror-keymap';
import type { Node } from 'prosemirror-model';
import { NodeSelection, Plugin, type Command, type EditorState, type Selection, type Transaction } from 'prosemirror-state';
import { ReplaceStep } from 'prosemirror-transform';
import { announce, type AnnouncingSpec } from '../announce.js';
import { wordsOf } from '../strings.js';

const LIST_ITEMS: ReadonlySet<string> = new Set(['list_item', 'task_item']);
const LISTS: ReadonlySet<string> = new Set(['bullet_list', 'ordered_list', 'task_list']);

/**
 * Of the nodes from a top-level block down to a place (their positions, outermost first), the one
 * a move takes: the innermost list item reached from the top-level block through lists only,
 * otherwise the top-level block (a table, a quote, a code block… moves as a whole).
 */
export function movedBlockOf(doc: Node, path: readonly number[]): number {
  let chosen = path[0]!;
  for (const pos of path.slice(1)) {
    const name = doc.nodeAt(pos)?.type.name ?? '';
    if (LIST_ITEMS.has(name)) chosen = pos;
    else if (!LISTS.has(name)) break;
  }
  return chosen;
}

/** The positions of the nodes from the top-level block down to `pos` (and the node a node selection holds). */
function pathTo(state: EditorState, pos: number, node: boolean): number[] {
  const $pos = state.doc.resolve(pos);
  const path: number[] = [];
  for (let d = 1; d <= $pos.depth; d++) path.push($pos.before(d));
  if (node) path.push(pos);
  return path;
}

/** The sibling blocks a move takes: where the run starts and ends, their parent, and the first and last index in it. */
interface MovedRange {
  readonly start: number;
  readonly end: number;
  readonly parent: Node;
  readonly first: number;
  readonly last: number;
}

/** The blocks the selection's ends are in, as one run of siblings (the top-level blocks when the ends are in different lists). */
function movedRange(state: EditorState): MovedRange | null {
  const { selection, doc } = state;
  const node = selection instanceof NodeSelection;
  const fromPath = pathTo(state, selection.from, node);
  const toPath = node ? fromPath : pathTo(state, selection.to, false);
  if (!fromPath.length || !toPath.length) return null;
  let $first = doc.resolve(movedBlockOf(doc, fromPath));
  let $last = doc.resolve(movedBlockOf(doc, toPath));
  if ($first.depth !== $last.depth || $first.start() !== $last.start()) {
    $first = doc.resolve(fromPath[0]!);
    $last = doc.resolve(toPath[0]!);
  }
  const lastNode = $last.nodeAfter!;
  return { start: $first.pos, end: $last.pos + lastNode.nodeSize, parent: $first.parent, first: $first.index(), last: $last.index() };
}

/**
 * Moves the block the selection is in (or the run of blocks it spans) above the one before it
 * (`-1`) or below the one after (`1`), the selection going with it, in one undo step. A list
 * item moves within its list; other blocks move among the top-level blocks. It does not apply at
 * the first or last place.
 */
export function moveBlock(dir: -1 | 1): Command {
  return (state, dispatch) => {
    const range = movedRange(state);
    if (!range) return false;
    const index = dir < 0 ? range.first - 1 : range.last + 1;
    if (index < 0 || index >= range.parent.childCount) return false;
    const sibling = range.parent.child(index);
    if (dispatch) {
      const tr = state.tr;
      if (dir < 0) {
        // The block before goes after the run: the selection maps back by its size.
        tr.delete(range.start - sibling.nodeSize, range.start).insert(range.end - sibling.nodeSize, sibling);
      } else {
        // The block after goes before the run: the selection maps on by its size.
        tr.delete(range.end, range.end + sibling.nodeSize).insert(range.start, sibling);
      }
      dispatch(announce(tr, state, dir < 0 ? 'announce.movedUp' : 'announce.movedDown').scrollIntoView());
    }
    return true;
  };
}

/** Moves the block (or the run of blocks) the selection is in above the one before it. */
export const moveBlockUp: Command = moveBlock(-1);
/** Moves the block (or the run of blocks) the selection is in below the next one. */
export const moveBlockDown: Command = moveBlock(1);

/** The keys that move blocks: Alt+Shift+ArrowUp and Alt+Shift+ArrowDown (a keyboard user's drag handle). */
/**
 * When `after` differs from `before` by one block moved past others among the same siblings (a
 * block moved with Alt+Shift+Arrow or dropped, or either undone), which way the block holding
 * `selection` went (the selection within those siblings): "Block moved up" when it is the block moved up, or the selection is in the
 * blocks it passed when it went down (they went up past it); or null.
 */
export function movedSaid(before: Node, after: Node, selection: Selection, state: EditorState): string | null {
  const start = before.content.findDiffStart(after.content);
  const end = before.content.findDiffEnd(after.content);
  if (start === null || !end || end.a !== end.b) return null;
  const [from, to] = [Math.min(start, end.a), Math.max(start, end.a)];
  const $from = before.resolve(from);
  const depth = Math.min($from.sharedDepth(to), after.resolve(from).sharedDepth(to));
  const parentBefore = $from.node(depth);
  const parentAfter = after.resolve(from).node(depth);
  const [i, j] = [$from.index(depth), before.resolve(to).indexAfter(depth)];
  if (j - i < 2 || parentBefore.childCount !== parentAfter.childCount) return null;
  const same = (a: number, b: number, count: number) => Array.from({ length: count }, (_, k) => parentAfter.child(a + k).eq(parentBefore.child(b + k))).every(Boolean);
  // The last of them moved up to the first place (up: it is at i), or the first down to the last (down: it is at j - 1).
  const up = parentAfter.child(i).eq(parentBefore.child(j - 1)) && same(i + 1, i, j - i - 1);
  const down = parentAfter.child(j - 1).eq(parentBefore.child(i)) && same(i, i + 1, j - i - 1);
  if (!up && !down) return null;
  // The blocks the selection is in, among those siblings.
  const { $from: $start, $to: $end } = selection;
  const siblings = after.resolve(from).start(depth);
  if ($start.depth < depth || $end.depth < depth || $start.start(depth) !== siblings || $end.start(depth) !== siblings) return null;
  const first = $start.index(depth);
  const last = $end.depth > depth ? $end.index(depth) : $end.index(depth) - 1;
  if (first < i || last >= j) return null;
  const moved = up ? i : j - 1;
  const wentUp = first === moved && last === moved ? up : first !== moved && last !== moved ? !up : null;
  return wentUp === null ? null : wordsOf(state)[wentUp ? 'announce.movedUp' : 'announce.movedDown'];
}

/** Whether a change may be a block moved: replace steps only, one taking something out and one putting a block in. */
function mayMoveBlock(tr: Transaction): boolean {
  const replaces = tr.steps.filter((step): step is ReplaceStep => step instanceof ReplaceStep);
  return replaces.length === tr.steps.length && replaces.some((step) => step.from < step.to) && replaces.some((step) => step.slice.content.firstChild?.isBlock === true);
}

/** The words for a block moved (an undone or redone move, a drop, a host's own move): `movedSaid` of the change, when it may be one. */
function movedAnnouncement(tr: Transaction, state: EditorState): string | null {
  return mayMoveBlock(tr) ? movedSaid(tr.before, tr.doc, tr.selection, state) : null;
}

/** The keys that move blocks, and the words for a block moved without them (an undone move says "Block moved down"). */
export const blockMoveKeymap = (): Plugin =>
  new Plugin({ props: { handleKeyDown: keydownHandler({ 'Alt-Shift-ArrowUp': moveBlockUp, 'Alt-Shift-ArrowDown': moveBlockDown }) }, announce: movedAnnouncement } satisfies AnnouncingSpec & ConstructorParameters<typeof Plugin>[0]);
