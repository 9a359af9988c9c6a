/**
 * Mention highlights (core/plugins/mention-highlights.ts): the embed bundle loads this module
 * as a chunk of its own when a host first sets an editor's `mentionHighlights`
 * (rich-editor/editor-document.ts), and every editor's state takes its plugin then; the
 * library entries import it with the element.
 */
import { mentionHighlightsPlugin, refreshMentionHighlights } from '../core/plugins/mention-highlights.js';
import { provideParts } from './rich-editor/on-demand.js';

provideParts({ highlights: { mentionHighlightsPlugin, refreshMentionHighlights } });
