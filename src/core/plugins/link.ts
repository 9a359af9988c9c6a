/**
 * Links while typing: a URL typed and followed by a space, a line break or Enter becomes a link,
 * and a click on a link opens it. Setting and removing a link (the toolbar's link field) is in
 * link-commands.ts and pasted links in link-paste.ts: the embed bundle's entry, which holds
 * this plugin, leaves them to the chunks of the pieces that use them.
 */
import type { MarkType, Node as PMNode, Schema } from 'prosemirror-model';
import { Plugin, PluginKey, Selection, type EditorState, type Transaction } from 'prosemirror-state';
import { SHARED_CHANGE_META } from '../transaction-meta.js';
import { safeLinkHref } from '../url.js';

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

/** Whether the transaction is someone typing whitespace (a space, a line break, or Enter splitting a block). */
function typedBoundary(tr: Transaction, oldState: EditorState): number | null {
  // A shared document's change is a colleague's typing, not this user's: their editor links what they type.
  if (!tr.docChanged || tr.getMeta('paste') || tr.getMeta('uiEvent') === 'paste' || tr.getMeta('history$') || tr.getMeta(SHARED_CHANGE_META)) return null;
  if (tr.steps.length !== 1) return null;
  const { $from } = tr.selection;
  const before = $from.nodeBefore;
  // A space, or a line break (Shift+Enter): the word ended right before it.
  if (before && (before.isText ? /\s$/.test(before.text!) : before.type === tr.doc.type.schema.linebreakReplacement)) return $from.pos - 1;
  // Enter: the caret is at the start of a new block; the word ended at the end of the text block
  // before it (in a list, the end of the item above).
  if ($from.parentOffset === 0 && tr.doc.content.size > oldState.doc.content.size && $from.depth > 0) {
    const end = Selection.findFrom(tr.doc.resolve($from.before()), -1, true);
    if (end?.empty && end.$from.parent.isTextblock) return end.from;
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
