/**
 * Text and attribute values escaped as `innerHTML` writes them. Their own module: the string
 * writer (html-string.ts) uses them, and so does code that must not bring the writer with it
 * (paste cleaning, inline handlers), since the embed bundle loads the writer when idle.
 */

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '\u00a0': '&nbsp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const escapeCharacter = (c: string): string => ESCAPES[c];

// One object each, made once: a literal in the functions below would be a new RegExp at every
// call, and the string writer calls them for every text node of a document. (`replace` starts
// a global one at 0 whatever its `lastIndex`; `test` on the others keeps none.)
const TEXT_SPECIAL = /[&<>\u00a0]/;
const TEXT_SPECIALS = /[&<>\u00a0]/g;
const ATTRIBUTE_SPECIAL = /[&<>"\u00a0]/;
const ATTRIBUTE_SPECIALS = /[&<>"\u00a0]/g;

/** Text as `innerHTML` writes it: `&`, `<`, `>` and no-break spaces escaped. */
export function escapeHTMLText(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIALS, escapeCharacter) : text;
}

/** An attribute value as `innerHTML` writes it: `&`, `"`, no-break spaces, and (as browsers do since 2025) `<` and `>`. */
export function escapeHTMLAttribute(value: string): string {
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(ATTRIBUTE_SPECIALS, escapeCharacter) : value;
}
