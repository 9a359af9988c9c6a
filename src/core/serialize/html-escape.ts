/**
 * Text and attribute values escaped as `innerHTML` writes them. Their own module: the string
 * writer (html-string.ts) uses them, and so does code that must not bring the writer with it
 * (paste cleaning, inline handlers), since the embed bundle loads the writer when idle.
 */

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '\u00a0': '&nbsp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const escapeCharacter = (c: string): string => ESCAPES[c];

/** Text as `innerHTML` writes it: `&`, `<`, `>` and no-break spaces escaped. */
export function escapeHTMLText(text: string): string {
  return /[&<>\u00a0]/.test(text) ? text.replace(/[&<>\u00a0]/g, escapeCharacter) : text;
}

/** An attribute value as `innerHTML` writes it: `&`, `"`, no-break spaces, and (as browsers do since 2025) `<` and `>`. */
export function escapeHTMLAttribute(value: string): string {
  return /[&<>"\u00a0]/.test(value) ? value.replace(/[&<>"\u00a0]/g, escapeCharacter) : value;
}
