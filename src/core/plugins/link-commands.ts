/**
 * Setting and removing a link at the selection (the toolbar's link field, a link pasted over
 * selected text): commands of their own module, so the embed bundle's entry, which holds the
 * link plugin (link.ts), leaves them to the chunk of the pieces that run them.
 */
import type { Command } from 'prosemirror-state';
import { linkHrefFromInput } from '../url-input.js';
import { linkMark, linkRangeAt } from './link.js';

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
    const range = empty ? linkRangeAt(state.doc, from) : { from, to };
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
  const range = empty ? linkRangeAt(state.doc, from) : { from, to };
  if (!linkType || !range || !state.doc.rangeHasMark(range.from, range.to, linkType)) return false;
  if (dispatch) dispatch(state.tr.removeMark(range.from, range.to, linkType));
  return true;
};
