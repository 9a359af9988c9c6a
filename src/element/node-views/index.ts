import type { Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import type { EditorView, NodeViewConstructor } from 'prosemirror-view';
import { featureOn, type Features } from '../../core/features.js';
import { schemaNodeViews } from '../../core/extensions/node-view.js';
import type { EditorHub } from '../editor-controller.js';
import { CodeBlockView } from './code-block-view.js';
import { EditableWatch } from './editable-watch.js';
import { codeHighlightPlugin } from './highlight.js';
import { ImageView } from './image-view.js';
import { SizeWatch } from './size-watch.js';

export { nodeViewStyles } from './node-views.styles.js';
export { uploadPlaceholder } from './upload-placeholder.js';
export { codeHighlightKey, codeHighlightPlugin } from './highlight.js';

/** What node views may ask of the element that hosts them. */
export interface NodeViewHost {
  /** The live view (node views get it too, but menus built later may need the element's). */
  readonly editorView: EditorView | null;
  /** Whether the editor accepts input now. */
  readonly readonly: boolean;
  /** The element's hub: node views hear from it when the editor turns read-only or editable. */
  readonly hub: EditorHub;
}

/**
 * The node views by node type name (interactive DOM lives here, never in toDOM): the
 * element's own, and those the schema's node definitions bring (a host's node view of a
 * built-in node replaces ours).
 */
export function nodeViews(host: NodeViewHost, schema: Schema, features?: Features): Record<string, NodeViewConstructor> {
  // One per view: two editors on a page share nothing.
  const editable = new EditableWatch(host.hub);
  const sizes = new SizeWatch();
  return {
    // Without the images feature, images show as the schema draws them: no resize handle.
    ...(featureOn(features, 'images') ? { image: (node, view, getPos) => new ImageView(node, view, getPos, editable, sizes) } : {}),
    code_block: (node, view, getPos) => new CodeBlockView(node, view, getPos, editable),
    ...schemaNodeViews(schema, features),
  } as Record<string, NodeViewConstructor>;
}

/** The plugins the node views rely on (syntax highlighting decorations, unless turned off); the element adds them to its own. */
export function nodeViewPlugins(features?: Features): Plugin[] {
  return featureOn(features, 'codeHighlighting') ? [codeHighlightPlugin()] : [];
}
