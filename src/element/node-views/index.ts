import { DOMSerializer, type NodeType, type Schema } from 'prosemirror-model';
import type { MarkViewConstructor, NodeViewConstructor } from 'prosemirror-view';
import { featureOn, type Features } from '../../core/features.js';
import { schemaNodeViews } from '../../core/extensions/node-view.js';
import { loadBlockViews, loadGapCursor } from '../rich-editor/on-demand.js';
import { codeBlockStandIn, imageStandIn } from './block-stand-ins.js';
import { laterView, schemaDrawing } from './stand-in.js';
import { tableNodeView } from './table-view.js';

export { nodeViewStyles } from './node-views.styles.js';

// The code block's and the image's views come with their chunk (../block-views.ts), asked for by
// the first such block an editor draws; stand-ins draw them until then (stand-in.ts).
const codeBlock = laterView(codeBlockStandIn, () => void loadBlockViews());
const image = laterView(imageStandIn, () => void loadBlockViews());

/** The code block's and the image's views arrived (../block-views.ts): blocks are drawn with them from now on. */
export function provideBlockViews(views: { codeBlock: NodeViewConstructor; image: NodeViewConstructor }): void {
  codeBlock.provide(views.codeBlock);
  image.provide(views.image);
}

/**
 * The node views by node type name (interactive DOM lives here, never in toDOM): the
 * element's own, built through the same hook as extensions' (`definedNodeView`), and those the
 * schema's node definitions bring (a host's node view of a built-in node replaces ours). Each of
 * the element's own is always there, so the arrival of its implementation never changes the set.
 */
export function nodeViews(schema: Schema, features?: Features): Record<string, NodeViewConstructor> {
  const table = tableType(schema);
  const views: Record<string, NodeViewConstructor> = {
    // Without the images feature, images show as the schema draws them: no resize handle.
    ...(featureOn(features, 'images') ? { image: image.view } : {}),
    code_block: codeBlock.view,
    // Without the tables feature, tables show as the schema draws them, and never fetch table editing.
    ...(table && featureOn(features, 'tables') ? { [table]: tableNodeView } : {}),
    ...schemaNodeViews(schema, features),
  };
  // The first block drawn that a gap can stand beside asks for the gap cursor.
  for (const type of Object.values(schema.nodes).filter(takesGap)) {
    // One without a view of its own (a rule) is drawn as the schema draws it.
    const view = views[type.name] ?? schemaDrawing;
    views[type.name] = (...args) => (void loadGapCursor(), view(...args));
  }
  return views;
}

/**
 * Inline code (a mark whose spec says `code`) drawn as the schema draws it, with spell checking
 * off: code is not prose (the code block's view does the same). The HTML written is the schema's.
 */
export function markViews(schema: Schema): Record<string, MarkViewConstructor> {
  const views: Record<string, MarkViewConstructor> = {};
  for (const type of Object.values(schema.marks)) {
    const { code, toDOM } = type.spec;
    if (!code || !toDOM) continue;
    views[type.name] = (mark, view, inline) => {
      const drawn = DOMSerializer.renderSpec(view.dom.ownerDocument, toDOM(mark, inline));
      (drawn.dom as HTMLElement).spellcheck = false;
      return drawn;
    };
  }
  return views;
}

/**
 * Whether the gap cursor can stand beside a block of this type (prosemirror-gapcursor's rule):
 * an atom, an isolating block or one that asks for it. A table's rows and cells are only ever
 * drawn with their table.
 */
function takesGap(type: NodeType): boolean {
  return type.isBlock && !/row|cell/.test(String(type.spec.tableRole)) && !!(type.isAtom || type.spec.isolating || type.spec.createGapCursor);
}

/** The name of the schema's table node type (prosemirror-tables finds it by its table role), if it has one. */
function tableType(schema: Schema): string | undefined {
  return Object.values(schema.nodes).find((type) => type.spec.tableRole === 'table')?.name;
}
