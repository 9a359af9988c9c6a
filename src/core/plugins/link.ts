import type { Mark, MarkType, Node as PMNode, Schema } from 'prosemirror-model';
import { Plugin, PluginKey, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { linkHrefFromInput, safeLinkHref } from '../url.js';

/** The schema's link mark (named `link`), or null in a schema without links. */
export function linkMark(schema: Schema): MarkType | null {
  return schema.marks.link ?? null;
}

/** The key of the link plugin (auto-linking, paste over a selection, opening on click). */
export const linkKey = new PluginKey('link');

/** A URL as people type it: `http(s)://…` or `www.…`, ending before trailing punctuation. */
const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}>]+$/;

/** The href for a URL found in text: `www.` addresses get https; unsafe ones give null. */
export function hrefForText(text: string): string | null {
  return safeLinkHref(/^www\./i.test(text) ? `https://${text}` : text);
}

/** Finds the URLs in a piece of text, as [start, end, href] triples. */
export function findUrls(text: string): Array<[number, number, string]> {
  const found: Array<[number, number, string]> = [];
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = hrefForText(raw);
    // A closing bracket that belongs to the URL (wiki links) was cut with the punctuation; that is fine.
    if (href && raw.includes('.')) found.push([match.index, match.index + raw.length, href]);
  }
  return found;
}

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

/** Adds link marks to URLs in a text node's range of a transaction's document. */
function linkifyRange(tr: Transaction, from: number, to: number): void {
  const linkType = linkMark(tr.doc.type.schema);
  if (!linkType) return;
  tr.doc.nodesBetween(from, to, (node, pos, parent) => {
    if (!node.isText || !parent || parent.type.spec.code || linkType.isInSet(node.marks) || node.marks.some((m) => m.type.spec.code)) {
      return !node.isText;
    }
    for (const [start, end, href] of findUrls(node.text!)) {
      tr.addMark(pos + start, pos + end, linkType.create({ href }));
    }
    return false;
  });
}

/** The word that ends right before `pos` in its text block (the URL someone just finished typing). */
function wordBefore(doc: PMNode, pos: number): { from: number; to: number } | null {
  const $pos = doc.resolve(pos);
  if (!$pos.parent.inlineContent || $pos.parent.type.spec.code) return null;
  const text = $pos.parent.textBetween(0, $pos.parentOffset, undefined, '\ufffc');
  const match = /(\S+)$/.exec(text);
  if (!match) return null;
  const from = $pos.start() + match.index;
  return { from, to: pos };
}

/** Whether the transaction is someone typing whitespace (a space, or Enter splitting a block). */
function typedBoundary(tr: Transaction, oldState: EditorState): number | null {
  if (!tr.docChanged || tr.getMeta('paste') || tr.getMeta('uiEvent') === 'paste' || tr.getMeta('history$')) return null;
  if (tr.steps.length !== 1) return null;
  const { $from } = tr.selection;
  const before = $from.parent.textBetween(Math.max(0, $from.parentOffset - 1), $from.parentOffset, undefined, '\ufffc');
  if (/\s/.test(before)) return $from.pos - 1;
  // Enter: the caret is at the start of a new block; the word ended at the end of the previous one.
  if ($from.parentOffset === 0 && tr.doc.content.size > oldState.doc.content.size && $from.depth > 0) {
    const prev = tr.doc.resolve($from.before());
    const node = prev.nodeBefore;
    if (node && node.isTextblock) return $from.before() - 1;
  }
  return null;
}

/** Options of the link plugin. */
export interface LinkOptions {
  /** Opens a link; defaults to a new tab without opener access. */
  open?: (href: string) => void;
}

function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

/** Auto-links typed URLs (and, through the paste steps above, pasted ones), and opens links on click. */
export function linkPlugin(options: LinkOptions = {}): Plugin {
  const open = options.open ?? openInNewTab;
  return new Plugin({
    key: linkKey,
    appendTransaction(transactions, oldState, newState) {
      const last = transactions[transactions.length - 1];
      if (transactions.length !== 1) return null;
      const end = typedBoundary(last, oldState);
      if (end === null) return null;
      const word = wordBefore(newState.doc, end);
      if (!word || !findUrls(newState.doc.textBetween(word.from, word.to)).length) return null;
      const tr = newState.tr;
      linkifyRange(tr, word.from, word.to);
      return tr.steps.length ? tr : null;
    },
    props: {
      handleDOMEvents: {
        click(view, event) {
          if (event.button !== 0 || event.defaultPrevented) return false;
          const anchor = (event.target as Element | null)?.closest?.('a[href]');
          if (!anchor || !view.dom.contains(anchor)) return false;
          event.preventDefault();
          const href = safeLinkHref(anchor.getAttribute('href'));
          if (href) open(href);
          // The click still places the caret where it landed, as any click in text does.
          return false;
        },
      },
    },
  });
}
