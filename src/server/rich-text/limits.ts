/**
 * How much rich text one field may hold. Reading a document through the editor's schema
 * costs time in proportion to its size and its number of elements, so both are capped
 * per field: the caps leave room for a very long page (tens of thousands of paragraphs)
 * and bound what one save may cost the server.
 */

/** Largest rich-text field in bytes (UTF-8): the HTML, or the editor's JSON document at twice this (JSON spells out every node). */
export const RICH_TEXT_MAX_BYTES = 2 * 1024 * 1024;

/** Most elements in one rich-text field: HTML tags, or JSON nodes and marks. */
export const RICH_TEXT_MAX_ELEMENTS = 100_000;

/** Why a field was refused before it was read. */
export type RichTextLimit = 'size' | 'elements';

/** The spec-style message for a field over a limit ("The image size cannot exceed 5 MB."); `what` is "description", "comment", "page"… */
export function richTextLimitMessage(what: string, limit: RichTextLimit): string {
  return limit === 'size'
    ? `The ${what} size cannot exceed ${RICH_TEXT_MAX_BYTES / 1024 / 1024} MB.`
    : `The ${what} cannot exceed ${RICH_TEXT_MAX_ELEMENTS.toLocaleString('en-US')} elements.`;
}

/** Opening tags in HTML (`<p`, `<strong`…): an upper bound of the elements a parser will build. */
function countTags(html: string): number {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1);
    // A letter: a start tag; end tags, comments and stray '<' build nothing.
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) count++;
    if (count > RICH_TEXT_MAX_ELEMENTS) break;
  }
  return count;
}

/** Nodes and marks (objects with a `type`) in a JSON value, counted up to just past the limit. */
function countJsonNodes(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length && count <= RICH_TEXT_MAX_ELEMENTS) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object') continue;
    if (typeof (item as { type?: unknown }).type === 'string') count++;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return count;
}

/** The limit `html` is over, or null. Cheap: no parsing. */
export function htmlOverLimit(html: string): RichTextLimit | null {
  // Byte length is at least the UTF-16 length: the common case needs no count.
  if (html.length > RICH_TEXT_MAX_BYTES || Buffer.byteLength(html, 'utf8') > RICH_TEXT_MAX_BYTES) return 'size';
  return countTags(html) > RICH_TEXT_MAX_ELEMENTS ? 'elements' : null;
}

/** The limit the editor's JSON document `json` is over, or null. */
export function jsonOverLimit(json: unknown): RichTextLimit | null {
  if (countJsonNodes(json) > RICH_TEXT_MAX_ELEMENTS) return 'elements';
  return Buffer.byteLength(JSON.stringify(json) ?? '', 'utf8') > 2 * RICH_TEXT_MAX_BYTES ? 'size' : null;
}
