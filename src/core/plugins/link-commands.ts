/**
 * Setting and removing a link at the selection (the toolbar's link field, a link pasted over
 * selected text): commands of their own module, so the embed bundle's entry, which holds the
 * link plugin (link.ts), leaves them to the chunk of the pieces that run them.
 */
import type { Mark, Node as PMNode } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { linkHrefFromInput } from '../url-input.js';
import { linkMark } from './link.js';

/** The range of the link mark around a position (inside it or at either end), or null. */
export function linkRangeAt(state: EditorState, pos: number): { from: number; to: number; mark: Mark } | null {
  const linkType = linkMark(state.schema);
  if (!linkType) return null;
  const $pos = state.doc.resolve(pos);
  const { parent } = $pos;
  const children: Array<{ node: PMNode; from: number }> = [];
  parent.forEach((node, offset) => children.push({ node, from: $pos.start() + offset }));
  const hit =
    children.findIndex((c) => c.from <= pos && pos < c.from + c.node.nodeSize && linkType.isInSet(c.node.marks)) >= 0
      ? children.findIndex((c) => c.from <= pos && pos < c.from + c.node.nodeSize)
      : children.findIndex((c) => c.from + c.node.nodeSize === pos && linkType.isInSet(c.node.marks));
  if (hit < 0) return null;
  const mark = linkType.isInSet(children[hit].node.marks)!;
  let first = hit;
  let last = hit;
  while (first > 0 && mark.isInSet(children[first - 1].node.marks)) first--;
  while (last < children.length - 1 && mark.isInSet(children[last + 1].node.marks)) last++;
  return { from: children[first].from, to: children[last].from + children[last].node.nodeSize, mark };
}

/**
 * Links the selection (or, with an empty selection inside a link, updates that link)
 * to `href`: an http(s) URL, or a bare domain as typed in the link field, which gets
 * `https://` (see `linkHrefFromInput`). Refuses (returns false, changes nothing) an
 * empty or invalid URL.
 */
export function setLink(href: string): Command {
  return (state, dispatch) => {
    const safe = linkHrefFromInput(href);
    const linkType = linkMark(state.schema);
    if (!safe || !linkType) return false;
    const { from, to, empty } = state.selection;
    const range = empty ? linkRangeAt(state, from) : { from, to };
    if (!range || range.from === range.to) return false;
    if (dispatch) {
      const tr = state.tr.removeMark(range.from, range.to, linkType).addMark(range.from, range.to, linkType.create({ href: safe }));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Removes the link from the selection, or the whole link around an empty selection. */
export const removeLink: Command = (state, dispatch) => {
  const { from, to, empty } = state.selection;
  const linkType = linkMark(state.schema);
  const range = empty ? linkRangeAt(state, from) : { from, to };
  if (!linkType || !range || !state.doc.rangeHasMark(range.from, range.to, linkType)) return false;
  if (dispatch) dispatch(state.tr.removeMark(range.from, range.to, linkType));
  return true;
};
