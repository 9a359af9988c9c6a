import type { EditorExtension } from '../../src/core/extensions/types.js';
import type { NodeViewFactory } from '../../src/core/extensions/node-view.js';

/**
 * A card block for node-view tests: paragraphs inside `<section class="card">`, a tone (calm or
 * loud) and a label, drawn by `nodeView`.
 */
export function cardBlock(nodeView: NodeViewFactory): EditorExtension {
  return {
    name: 'cards',
    nodes: [
      {
        name: 'card',
        group: 'block',
        content: 'paragraph+',
        attrs: { label: { type: 'text', default: null }, tone: { type: 'enum', values: ['calm', 'loud'], default: 'calm' } },
        html: { tag: 'section', attrs: { label: 'data-label', tone: 'data-tone' }, class: 'card' },
        nodeView,
      },
    ],
  };
}
