/** Rich text normalised through the editor core's schema on a server-side DOM. */
export { markdownToRichText, normaliseRichText, parseRichText, richTextOf, richTextToPlain, type RichText, type RichTextInput } from './rich-text.js';
export { createServerDomEnvironment, parseInertDocument, type ServerDomEnvironment } from './server-dom.js';
