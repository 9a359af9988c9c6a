/**
 * Table editing (prosemirror-tables' cell selection and repair, column resizing, the table keys
 * and clipboard): the embed bundle loads this module as a chunk of its own after the first
 * paint (rich-editor/on-demand.ts), and every editor's state takes its plugins then; the
 * library entries import it with the element, so a host's bundler decides.
 */
import { tablePlugins } from '../core/plugins/table.js';
import { provideParts } from './rich-editor/on-demand.js';

provideParts({ tables: tablePlugins });
