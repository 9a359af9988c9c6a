/**
 * Links while typing: a URL typed and followed by a space, a line break or Enter becomes a link,
 * and a click on a link opens it. Setting and removing a link (the toolbar's link field) is in
 * link-commands.ts and pasted links in link-paste.ts: the embed bundle's entry, which holds
 * this plugin, leaves them to the chunks of the pieces that use them.
 */
import type { Mark, MarkType, Node as PMNode, Schema } from 'prosemirror-model';
import type { Step } from 'prosemirror-transform';
import { Plugin, PluginKey, Selection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { ownUndoStep, SHARED_CHANGE_META } from '../transaction-meta.js';
import { safeLinkHref } from '../url.js';

/** The schema's link mark (named `link`), or null in a schema without links. */
export function linkMark(schema: Schema): MarkType | null {
  return schema.marks.link ?? null;
}

/** The link a typed space or line break just made, while nothing else has happened since: the steps that take it back. */
export interface Autolinked {
  readonly undo: readonly Step[];
}

/** The key of the link plugin (auto-linking, paste over a selection, opening on click); its state is the link just made, if any. */
export const linkKey = new PluginKey<Autolinked | null>('link');

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

/**
 * The range of a link around a position in a text block (inside it or at either end), or null:
 * of the link `link` when given, of any link otherwise (the one the position is inside first).
 */
export function linkRangeAt(doc: PMNode, pos: number, link?: Mark): { from: number; to: number; mark: Mark } | null {
  const linkType = linkMark(doc.type.schema);
  if (!linkType) return null;
  const $pos = doc.resolve(pos);
  const { parent } = $pos;
  const has = (i: number, mark: Mark | MarkType = link ?? linkType) => i >= 0 && i < parent.childCount && !!mark.isInSet(parent.child(i).marks);
  // The node the position is in or before, else the one that ends there.
  let first = $pos.index();
  if (!has(first) && ($pos.textOffset || !has(--first))) return null;
  const mark = link ?? linkType.isInSet(parent.child(first).marks)!;
  let last = first;
  while (has(first - 1, mark)) first--;
  while (has(last + 1, mark)) last++;
  let from = $pos.start();
  for (let i = 0; i < first; i++) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i <= last; i++) to += parent.child(i).nodeSize;
  return { from, to, mark };
}

/**
 * Whether a link shows its own address: its text reads as its href (a typed, pasted or
 * auto-linked URL), as opposed to a link on other words.
 */
function showsAddress(doc: PMNode, from: number, to: number, link: Mark): boolean {
  return to > from && hrefForText(doc.textBetween(from, to)) === link.attrs.href;
}

/**
 * Links the URLs in a range of a transaction's document (the word just typed). A link there
 * that shows its own address is taken into the URL (text typed right after it made the
 * address longer); any other link, and inline code, keeps the URL as it is.
 */
function linkifyRange(tr: Transaction, from: number, to: number): void {
  const linkType = linkMark(tr.doc.type.schema);
  if (!linkType) return;
  for (const [start, end, href] of findUrls(tr.doc.textBetween(from, to))) {
    let free = true;
    tr.doc.nodesBetween(from + start, from + end, (node, pos) => {
      const link = linkType.isInSet(node.marks);
      if (node.marks.some((m) => m.type.spec.code)) free = false;
      else if (link) {
        const extent = linkRangeAt(tr.doc, pos, link)!;
        free &&= extent.from >= from + start && extent.to <= from + end && showsAddress(tr.doc, extent.from, extent.to, link);
      }
      return free;
    });
    if (free) tr.addMark(from + start, from + end, linkType.create({ href }));
  }
}

/**
 * A link that shows its own address follows an edit made inside its text (typing, deleting,
 * pasting: one change): its href becomes the address the text now reads as, and the link goes
 * once the text reads as none. Otherwise the text would show one address and the link open
 * another (a typo fixed in an address would still open the typo). A link on other words keeps
 * its href whatever is done to them.
 */
function followAddressLinks(tr: Transaction, changed: Transaction, oldDoc: PMNode): void {
  const linkType = linkMark(oldDoc.type.schema);
  if (!linkType || changed.steps.length !== 1) return;
  const map = changed.mapping;
  changed.steps[0]!.getMap().forEach((from, to) => {
    const $from = oldDoc.resolve(from);
    const $to = oldDoc.resolve(to);
    if (!$from.parent.inlineContent || !$from.sameParent($to)) return;
    const after = linkType.isInSet($from.nodeAfter?.marks ?? []);
    const before = linkType.isInSet($to.nodeBefore?.marks ?? []);
    // What was taken out began or ended in the link; text put in went inside it (at a link's end
    // or start it is not in it: the link does not extend there).
    const link = from < to ? (after ?? before) : after && before?.eq(after) ? after : undefined;
    if (!link) return;
    const old = linkRangeAt(oldDoc, link === after ? from : to, link)!;
    if (!showsAddress(oldDoc, old.from, old.to, link)) return;
    // The link's text now: what is left of it before and after the change, and what went in there.
    const newFrom = map.map(old.from, 1);
    const newTo = map.map(old.to, -1);
    if (newTo <= newFrom) return;
    const urls = findUrls(changed.doc.textBetween(newFrom, newTo));
    const [start, end, href] = urls[0] ?? [];
    if (urls.length === 1 && start === 0 && end === newTo - newFrom) {
      if (href !== link.attrs.href) tr.addMark(newFrom, newTo, linkType.create({ ...link.attrs, href }));
    } else tr.removeMark(newFrom, newTo, linkType);
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

/**
 * Backspace right after the space or line break that made a link takes the link back and keeps
 * the text, as it takes back a markdown shortcut just applied (`undoInputRule`).
 */
export const undoAutolink: Command = (state, dispatch) => {
  const made = linkKey.getState(state);
  if (!made) return false;
  if (dispatch) {
    // Marked as the link plugin's own, so the space before the caret does not link the address again.
    const tr = state.tr.setMeta(linkKey, null);
    for (const step of made.undo) tr.step(step);
    dispatch(tr);
  }
  return true;
};

/** Auto-links typed URLs (and, through the paste steps above, pasted ones), and opens links on click. */
export function linkPlugin(options: LinkOptions = {}): Plugin {
  const open = options.open ?? openInNewTab;
  return new Plugin<Autolinked | null>({
    key: linkKey,
    state: {
      init: () => null,
      apply: (tr, made) => tr.getMeta(linkKey) ?? (tr.docChanged || tr.selectionSet ? null : made),
    },
    appendTransaction(transactions, oldState, newState) {
      const last = transactions[transactions.length - 1];
      if (transactions.length !== 1 || !last.docChanged || last.getMeta(linkKey) !== undefined) return null;
      const tr = newState.tr;
      // A colleague's change is followed in their editor, and undo puts back what was.
      if (!last.getMeta(SHARED_CHANGE_META) && !last.getMeta('history$')) followAddressLinks(tr, last, oldState.doc);
      const end = typedBoundary(last, oldState);
      const word = end === null ? null : wordBefore(tr.doc, end);
      const steps = tr.steps.length;
      if (word && findUrls(tr.doc.textBetween(word.from, word.to)).length) linkifyRange(tr, word.from, word.to);
      if (tr.steps.length === steps) return steps ? tr : null;
      // The link is an undo step of its own, as in Google Docs: the first undo takes the link back,
      // keeping the text and the space typed after it; the next one the typing. A space or line
      // break right before the caret made it, so Backspace may take it back too.
      if (end === newState.selection.from - 1) tr.setMeta(linkKey, { undo: tr.steps.slice(steps).map((step, i) => step.invert(tr.docs[steps + i]!)).reverse() } satisfies Autolinked);
      return ownUndoStep(tr);
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
