/**
 * The table's node view, present from the editor's creation so that the view's set of node
 * views never changes when table editing arrives later (../tables.ts, a chunk of its own in the
 * embed bundle). A change in that set makes ProseMirror draw the whole document again: every
 * block's DOM replaced at idle time after the first paint, a long document re-laid out, and an
 * element someone was about to click gone.
 *
 * Until table editing arrives a table is drawn as the schema draws it; after, with
 * prosemirror-tables' view (column widths and the scrolling wrapper). A table drawn before
 * gives way to that view at its next update, which `tableRedraw` brings about for every table
 * the document holds when table editing arrives, so only tables are drawn again.
 */
import { DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet, type NodeView, type NodeViewConstructor } from 'prosemirror-view';

/** What makes a table's view once table editing has arrived (../tables.ts provides it). */
let arrivedView: ((node: PMNode) => NodeView) | null = null;

/** Table editing provides the view its tables are drawn with from now on. */
export function provideTableView(make: (node: PMNode) => NodeView): void {
  arrivedView = make;
}

/** The table's node view: table editing's once it has arrived, the schema's drawing until then. */
export const tableNodeView: NodeViewConstructor = (node, view) => {
  if (arrivedView) return arrivedView(node);
  const { dom, contentDOM } = DOMSerializer.renderSpec(view.dom.ownerDocument, node.type.spec.toDOM!(node));
  // False once table editing's view is there: ProseMirror then draws this table with it.
  return { dom, contentDOM, update: (updated) => updated.type === node.type && !arrivedView };
};

const tableRedrawKey = new PluginKey<DecorationSet>('table-redraw');

/**
 * Marks each table the document holds when table editing arrives with an empty node
 * decoration: a table whose decorations change gets an update from ProseMirror, and one drawn
 * before table editing came answers it by giving way to table editing's view. The marks add
 * nothing to the DOM and follow their tables.
 */
export function tableRedraw(): Plugin {
  return new Plugin({
    key: tableRedrawKey,
    state: {
      init(_, { doc }) {
        const marks: Decoration[] = [];
        doc.descendants((node, pos) => {
          if (node.type.spec.tableRole === 'table') marks.push(Decoration.node(pos, pos + node.nodeSize, {}));
          return !node.isTextblock && node.type.spec.tableRole !== 'table';
        });
        return DecorationSet.create(doc, marks);
      },
      apply: (tr, marks) => (tr.docChanged ? marks.map(tr.mapping, tr.doc) : marks),
    },
    props: { decorations: (state) => tableRedrawKey.getState(state) },
  });
}
