/**
 * Table editing (prosemirror-tables' cell selection and repair, column resizing, the table keys
 * and clipboard) and the table handles and menu: the element loads this module with `import()`,
 * a chunk of its own (in the embed bundle and in a host's bundle alike), when an editor first
 * draws a table (node-views/table-view.ts), and every editor's state takes its plugins then.
 */
import type { Schema } from 'prosemirror-model';
import { TableView } from 'prosemirror-tables';
import { TABLE_CELL_MIN_WIDTH, tablePlugins } from '../core/plugins/table.js';
import { redrawPlugin } from './node-views/redraw.js';
import { provideTableView } from './node-views/table-view.js';
import { provideParts } from './rich-editor/on-demand.js';
import './table-controls/table-controls.js';

// The editor's own table node view (always in its set) draws with prosemirror-tables' view from
// now on, and the tables already drawn take it (node-views/redraw.ts).
provideTableView((node) => new TableView(node, TABLE_CELL_MIN_WIDTH));
provideParts({ tables: (schema: Schema) => [...tablePlugins(schema), redrawPlugin('table-redraw', (node) => node.type.spec.tableRole === 'table')] });
