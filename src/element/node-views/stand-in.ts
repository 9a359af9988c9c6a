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
 * (redraw.ts) brings about for the nodes the document holds when it arrives, so only those nodes
 * are drawn again.
 */
import { DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import type { EditorView, NodeView, NodeViewConstructor } from 'prosemirror-view';

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
