/**
 * The gap cursor (core/plugins/gap-cursor.ts: the caret between blocks that hold none): the
 * element loads this module with `import()`, a chunk of its own (in the embed bundle and in a
 * host's bundle alike), when an editor first draws a block a gap can stand beside
 * (node-views/index.ts), and every editor's state takes its plugin then.
 */
import { gapCursorPlugin } from '../core/plugins/gap-cursor.js';
import { provideParts } from './rich-editor/on-demand.js';

provideParts({ gapCursor: gapCursorPlugin });
