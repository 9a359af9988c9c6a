/**
 * Node views whose implementation arrives later (a chunk of its own in the embed bundle: table
 * editing, the code block and image views), present from the editor's creation so that the
 * view's set of node views never changes when it arrives. A change in that set makes
 * ProseMirror draw the whole document again: every block's DOM replaced at idle time after the
 * first paint, a long document re-laid out, and an element someone was about to click gone.
 *
 * Until the implementation arrives a node is drawn by a stand-in (as the schema draws it, or
 * close to how the view will); the first stand-in drawn asks for the implementation. After, a
 * node drawn before gives way to the implementation at its next update, which `redrawPlugin`
 * brings about for every such node the document holds when it arrives, so only those nodes are
 * drawn again.
 */
import { DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView, type NodeView, type NodeViewConstructor } from 'prosemirror-view';

/** A node view constructor always in the editor's set, and how its implementation is provided. */
export interface LaterView {
  /** The node view: the implementation once it has arrived, the stand-in until then. */
  readonly view: NodeViewConstructor;
  /** The implementation arrived: nodes are drawn with it from now on, and those drawn before give way at their next update. */
  provide(make: NodeViewConstructor): void;
}

/** What draws a node until the implementation arrives: its `update` says whether it still shows `node`'s new version. */
export type StandIn = (node: PMNode, view: EditorView) => NodeView;

/** The schema's drawing of a node (its `toDOM`), kept while the node's markup stays the same. */
export const schemaDrawing: StandIn = (node, view) => {
  const { dom, contentDOM } = DOMSerializer.renderSpec(view.dom.ownerDocument, node.type.spec.toDOM!(node));
  return { dom, contentDOM, update: (updated) => updated.sameMarkup(node) };
};

/**
 * A node view drawn by `standIn` until its implementation is provided; `need` (asking for the
 * implementation: a chunk's load) runs when a stand-in is first drawn, so a document without
 * such a node never asks.
 */
export function laterView(standIn: StandIn, need: () => void = () => {}): LaterView {
  let arrived: NodeViewConstructor | null = null;
  return {
    view: (node, view, getPos, decorations, innerDecorations) => {
      if (arrived) return arrived(node, view, getPos, decorations, innerDecorations);
      need();
      const drawn = standIn(node, view);
      const keeps = drawn.update;
      // False once the implementation is there: ProseMirror then draws this node with it.
      drawn.update = (updated, outer, inner) => !arrived && updated.type === node.type && (keeps ? keeps.call(drawn, updated, outer, inner) : true);
      return drawn;
    },
    provide(make) {
      arrived = make;
    },
  };
}

/** The meta of the transaction that drops a redraw plugin's marks: the view has drawn them. */
const DRAWN = 'drawn';

/**
 * Marks each node `redraws` picks in the document when it is created (a part arrived and its
 * plugins joined the state) with an empty node decoration: a node whose decorations change gets
 * an update from ProseMirror, and one a stand-in drew answers it by giving way to the
 * implementation. The marks add nothing to the DOM, and are dropped once the view has drawn
 * them (in a microtask after): kept, every later update would look through them for each block
 * of the document (ProseMirror's decorations at one level are a flat list), a cost on every
 * keystroke that grows with the number of such blocks.
 */
export function redrawPlugin(name: string, redraws: (node: PMNode) => boolean): Plugin {
  const key = new PluginKey<DecorationSet>(name);
  return new Plugin({
    key,
    state: {
      init(_, { doc }) {
        const marks: Decoration[] = [];
        doc.descendants((node, pos) => {
          const picked = redraws(node);
          if (picked) marks.push(Decoration.node(pos, pos + node.nodeSize, {}));
          return !picked && !node.isTextblock;
        });
        return DecorationSet.create(doc, marks);
      },
      apply: (tr, marks) => (tr.getMeta(key) === DRAWN ? DecorationSet.empty : tr.docChanged ? marks.map(tr.mapping, tr.doc) : marks),
    },
    props: { decorations: (state) => key.getState(state) },
    // Created once the view has drawn the state that added this plugin, so with the marks.
    view(editorView) {
      if (key.getState(editorView.state) !== DecorationSet.empty) {
        queueMicrotask(() => {
          if (!editorView.isDestroyed && key.getState(editorView.state) !== DecorationSet.empty) editorView.dispatch(editorView.state.tr.setMeta(key, DRAWN));
        });
      }
      return {};
    },
  });
}
