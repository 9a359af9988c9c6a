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
