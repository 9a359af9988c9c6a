/** Rich text normalised through the editor core's schema on a server-side DOM. */
export { markdownToRichText, normaliseRichText, parseRichText, richTextOf, richTextToPlain, type RichText, type RichTextInput } from './rich-text.js';
export { createServerDomEnvironment, parseInertDocument, type ServerDomEnvironment } from './server-dom.js';
export { RICH_TEXT_MAX_BYTES, RICH_TEXT_MAX_ELEMENTS, richTextLimitMessage, type RichTextLimit } from './limits.js';
export {
  createRichTextPool, MAX_PENDING_PER_USER, MAX_PENDING_PER_WORKSPACE, RichTextRefusedError, TOO_MANY_DOCUMENTS, type RichTextOwner, type RichTextPool, type RichTextPoolOptions,
} from './rich-text-pool.js';
export type { MarkdownDocument } from './rich-text-worker.js';
