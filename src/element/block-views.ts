/**
 * The code block's view (language picker, copy button) with syntax highlighting, and the
 * image's (resize handle): the element loads this module with `import()`, a chunk of its own (in
 * the embed bundle and in a host's bundle alike), when an editor first draws a code block or an
 * image (node-views/index.ts), and until then stand-ins draw them (node-views/block-stand-ins.ts).
 */
import type { EditorView } from 'prosemirror-view';
import { definedNodeView } from '../core/extensions/node-view.js';
import { featureOn, type Features } from '../core/features.js';
import { CodeBlockView } from './node-views/code-block-view.js';
import { codeHighlightPlugin, highlightAlong } from './node-views/highlight.js';
import { ImageView } from './node-views/image-view.js';
import { provideBlockViews } from './node-views/index.js';
import { SizeWatch } from './node-views/size-watch.js';
import { redrawPlugin } from './node-views/redraw.js';
import { provideParts } from './rich-editor/on-demand.js';

/** One size watch per editor view: two editors on a page share nothing. */
const sizes = new WeakMap<EditorView, SizeWatch>();
const sizesOf = (view: EditorView): SizeWatch => {
  let watch = sizes.get(view);
  if (!watch) sizes.set(view, (watch = new SizeWatch()));
  return watch;
};

provideBlockViews({
  codeBlock: definedNodeView((node, view, getPos, _decorations, context) => new CodeBlockView(node, view, getPos, context)),
  image: definedNodeView((node, view, getPos, _decorations, context) => new ImageView(node, view, getPos, context, sizesOf(view))),
});
provideParts({
  views: (features?: Features) => [
    ...(featureOn(features, 'codeHighlighting') ? [codeHighlightPlugin()] : []),
    // The code blocks and images a stand-in drew take their views.
    redrawPlugin('block-views-redraw', (node) => node.type.name === 'code_block' || node.type.name === 'image', highlightAlong),
  ],
});
