import type { Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import type { NodeViewConstructor } from 'prosemirror-view';
import { featureOn, type Features } from '../../core/features.js';
import { definedNodeView, schemaNodeViews } from '../../core/extensions/node-view.js';
import { CodeBlockView } from './code-block-view.js';
import { codeHighlightPlugin } from './highlight.js';
import { ImageView } from './image-view.js';
import { SizeWatch } from './size-watch.js';
import { tableNodeView } from './table-view.js';

export { nodeViewStyles } from './node-views.styles.js';
export { uploadPlaceholder } from './upload-placeholder.js';
export { codeHighlightKey, codeHighlightPlugin } from './highlight.js';

/**
 * The node views by node type name (interactive DOM lives here, never in toDOM): the
 * element's own, built through the same hook as extensions' (`definedNodeView`), and those the
 * schema's node definitions bring (a host's node view of a built-in node replaces ours).
 */
export function nodeViews(schema: Schema, features?: Features): Record<string, NodeViewConstructor> {
  // One per editor: two editors on a page share nothing.
  const sizes = new SizeWatch();
  const table = tableType(schema);
  return {
    // Without the images feature, images show as the schema draws them: no resize handle.
    ...(featureOn(features, 'images') ? { image: definedNodeView((node, view, getPos, _decorations, context) => new ImageView(node, view, getPos, context, sizes)) } : {}),
    code_block: definedNodeView((node, view, getPos, _decorations, context) => new CodeBlockView(node, view, getPos, context)),
    // Always there, so table editing's arrival never changes the set (table-view.ts).
    ...(table ? { [table]: tableNodeView } : {}),
    ...schemaNodeViews(schema, features),
  };
}

/** The name of the schema's table node type (prosemirror-tables finds it by its table role), if it has one. */
function tableType(schema: Schema): string | undefined {
  return Object.values(schema.nodes).find((type) => type.spec.tableRole === 'table')?.name;
}

/** The plugins the node views rely on (syntax highlighting decorations, unless turned off); the element adds them to its own. */
export function nodeViewPlugins(features?: Features): Plugin[] {
  return featureOn(features, 'codeHighlighting') ? [codeHighlightPlugin()] : [];
}
