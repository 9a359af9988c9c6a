/**
 * The table's node view, present from the editor's creation (stand-in.ts) so that the arrival
 * of table editing (../tables.ts, a chunk of its own in the embed bundle) never changes the
 * view's set of node views. Until table editing arrives a table is drawn as the schema draws it
 * and its cells take text; the first table drawn asks for table editing, so a document without
 * a table never fetches it. After, tables are drawn with prosemirror-tables' view (column widths
 * and the scrolling wrapper), and ../tables.ts has the tables drawn before take it (redraw.ts).
 */
import { loadTables } from '../rich-editor/on-demand.js';
import { laterView, schemaDrawing } from './stand-in.js';

const table = laterView(schemaDrawing, () => void loadTables());

/** The table's node view: table editing's once it has arrived, the schema's drawing until then. */
export const tableNodeView = table.view;

/** Table editing provides the view its tables are drawn with from now on (../tables.ts). */
export const provideTableView = table.provide;
