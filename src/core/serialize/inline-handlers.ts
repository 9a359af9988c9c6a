/**
 * Inline event handler attributes (`onclick`, `onerror`…) taken out of markup before any
 * browser parser sees it. Browsers check a page's Content-Security-Policy when their
 * HTML parser meets such an attribute, in whatever document it parses into (a DOMParser
 * document, a template, even the Sanitizer API's `setHTML` in Chromium): on a page that
 * forbids inline script, each one sends a violation report, although the handler could
 * never run there. The editor never keeps a handler, so it removes them from the text.
 *
 * Everything but the handler attributes is kept exactly as written.
 */
import { escapeHTMLText } from './html-escape.js';

const SPACE = /[\t\n\f\r ]/;

/** The index just after the next `text` from `from` (or the end). */
function afterNext(html: string, text: string, from: number): number {
  const at = html.indexOf(text, from);
  return at < 0 ? html.length : at + text.length;
}

/**
 * The handler attributes of the start tag whose `<` is at `start`, as [from, to) ranges
 * (from the space before the name to the end of the value), read as the HTML standard's
 * tokenizer reads a tag from its tag open state.
 */
function handlerRanges(html: string, start: number, found: Array<[number, number]>): void {
  let i = start + 1;
  while (i < html.length && !SPACE.test(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  while (i < html.length) {
    const gapStart = i;
    while (i < html.length && (SPACE.test(html[i]) || html[i] === '/')) i++;
    if (i >= html.length || html[i] === '>') return;
    // An attribute name runs to a space, `/`, `>` or `=` (its first character may be `=`).
    const nameStart = i++;
    while (i < html.length && !SPACE.test(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
    const isHandler = /^on/i.test(html.slice(nameStart, nameStart + 2));
    let j = i;
    while (j < html.length && SPACE.test(html[j])) j++;
    if (html[j] === '=') {
      j++;
      while (j < html.length && SPACE.test(html[j])) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") j = afterNext(html, quote, j + 1);
      else while (j < html.length && !SPACE.test(html[j]) && html[j] !== '>') j++;
      i = j;
    }
    if (isHandler) found.push([gapStart, i]);
  }
}

/** One pass: every handler attribute of every place a start tag could begin, removed. */
function removePass(html: string): string {
  const found: Array<[number, number]> = [];
  for (let lt = html.indexOf('<'); lt >= 0; lt = html.indexOf('<', lt + 1)) {
    if (/[a-z]/i.test(html[lt + 1] ?? '')) handlerRanges(html, lt, found);
  }
  if (!found.length) return html;
  found.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [from, to] of found) {
    if (to <= at) continue;
    out += html.slice(at, Math.max(at, from));
    at = to;
  }
  return out + html.slice(at);
}

/** Passes before giving up on markup that keeps yielding handlers (none found in practice). */
const MAX_PASSES = 8;

/**
 * The markup without inline event handler attributes; everything else as written.
 *
 * Which `<` opens a tag depends on everything before it (comments, raw-text elements
 * such as `<textarea>`, SVG and MathML content, attribute values), as the browser's tree
 * builder tracks. Rather than track it, every `<` followed by a letter is read as a tag
 * and its handler attributes removed: the tags the browser will see are among them, and
 * each is read exactly as the browser reads a tag. What else is removed was text
 * (in a comment, a `<textarea>`, an attribute value) that looked like a handler. Removing
 * text can make a new tag appear, so passes repeat until one removes nothing.
 */
export function withoutInlineHandlers(html: string): string {
  let current = html;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // A handler's name follows a space, a `/` or a closing quote; without one there is nothing to do.
    if (!/[\t\n\f\r /"']on/i.test(current)) return current;
    const next = removePass(current);
    if (next === current) return current;
    current = next;
  }
  // Markup built to keep producing handlers: keep only its text, escaped.
  return escapeHTMLText(current);
}
