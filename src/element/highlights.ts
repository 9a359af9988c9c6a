/**
 * Mention highlights (core/plugins/mention-highlights.ts): the element loads this module with
 * `import()`, a chunk of its own (in the embed bundle and in a host's bundle alike), when a host
 * first sets an editor's `mentionHighlights` (rich-editor/editor-document.ts), and every
 * editor's state takes its plugin then.
 */
import { mentionHighlightsPlugin, refreshMentionHighlights } from '../core/plugins/mention-highlights.js';
import { provideParts } from './rich-editor/on-demand.js';

provideParts({ highlights: { mentionHighlightsPlugin, refreshMentionHighlights } });
