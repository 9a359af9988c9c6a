export {
  emptyDoc,
  parseHTML,
  serializeDOM,
  serializeHTML,
  textToDoc,
  trimEmptyParagraphs,
  MAX_HTML_DEPTH,
  MAX_HTML_ELEMENTS,
  type DomEnvironment,
} from './html.js';
export { parseJSON, serializeJSON, type JSONNode } from './json.js';
// Only the serializer and the lazy entry point: markdown-parse.js must never be imported statically.
export { parseMarkdown, serializeMarkdown } from './markdown.js';
