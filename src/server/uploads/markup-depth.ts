/**
 * linkedom's parser takes time growing with the square of the nesting depth (100,000
 * nested elements take seconds), so markup is measured by one linear scan first.
 */

/** Deeper markup than this is refused; real SVG files nest a few dozen levels at most. */
export const MAX_MARKUP_DEPTH = 256;

/** Where the construct starting at `at` ends (just past `close`), or -1 when it never does. */
function skipPast(text: string, close: string, at: number): number {
  const end = text.indexOf(close, at);
  return end < 0 ? -1 : end + close.length;
}

/** Just past the `>` ending the tag whose name starts at `at`, quotes respected; -1 when it never ends. */
function tagEnd(text: string, at: number): number {
  let quote = '';
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return -1;
}

/**
 * Whether the markup nests elements deeper than `max`. One pass that visits each
 * character once (a regular expression here would backtrack on unclosed tags).
 */
export function markupTooDeep(text: string, max = MAX_MARKUP_DEPTH): boolean {
  let depth = 0;
  let at = text.indexOf('<');
  while (at >= 0) {
    let next: number;
    if (text.startsWith('<!--', at)) next = skipPast(text, '-->', at + 4);
    else if (text.startsWith('<![CDATA[', at)) next = skipPast(text, ']]>', at + 9);
    else if (text[at + 1] === '?' || text[at + 1] === '!') next = skipPast(text, '>', at + 2);
    else {
      const closing = text[at + 1] === '/';
      const nameAt = closing ? at + 2 : at + 1;
      if (!/[A-Za-z_]/.test(text[nameAt] ?? '')) {
        next = at + 1;
      } else {
        next = tagEnd(text, nameAt);
        if (next >= 0 && !closing && text[next - 2] !== '/' && ++depth > max) return true;
        if (next >= 0 && closing) depth = Math.max(0, depth - 1);
      }
    }
    // Whatever follows an unterminated tag, comment or quote is read as part of it.
    if (next < 0) return false;
    at = text.indexOf('<', next);
  }
  return false;
}
