import type { Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import type { NodeViewConstructor } from 'prosemirror-view';
import { featureOn, type Features } from '../../core/features.js';
import { definedNodeView, schemaNodeViews } from '../../core/extensions/node-view.js';
import { CodeBlockView } from './code-block-view.js';
import { codeHighlightPlugin } from './highlight.js';
import { ImageView } from './image-view.js';
import { SizeWatch } from './size-watch.js';

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
  return {
    // Without the images feature, images show as the schema draws them: no resize handle.
    ...(featureOn(features, 'images') ? { image: definedNodeView((node, view, getPos, _decorations, context) => new ImageView(node, view, getPos, context, sizes)) } : {}),
    code_block: definedNodeView((node, view, getPos, _decorations, context) => new CodeBlockView(node, view, getPos, context)),
    ...schemaNodeViews(schema, features),
  };
}

/** The plugins the node views rely on (syntax highlighting decorations, unless turned off); the element adds them to its own. */
export function nodeViewPlugins(features?: Features): Plugin[] {
  return featureOn(features, 'codeHighlighting') ? [codeHighlightPlugin()] : [];
}
