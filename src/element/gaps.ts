/**
 * The gap cursor (core/plugins/gap-cursor.ts: the caret between blocks that hold none): the
 * embed bundle loads this module as a chunk of its own when an editor first draws a block a
 * gap can stand beside (node-views/index.ts), and every editor's state takes its plugin then;
 * the library entries import it with the element.
 */
import { gapCursorPlugin } from '../core/plugins/gap-cursor.js';
import { provideParts } from './rich-editor/on-demand.js';

provideParts({ gapCursor: gapCursorPlugin });
