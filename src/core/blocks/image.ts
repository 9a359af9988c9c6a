/** Images (the `images` feature): an address and a size; uploads come through the image upload plugin. */
import type { Node as PMNode } from 'prosemirror-model';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';
import { inlineStyle } from '../schema/inline-style.js';
import { destination } from '../serialize/markdown-inline.js';

function sizeStyle(width: unknown, height: unknown): string {
  return `width: ${String(width)}; height: ${height ? String(height) : 'auto'};`;
}

export const image: NodeDefinition = {
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  attrs: {
    src: { type: 'image', required: true },
    width: { type: 'dimension', default: '35%' },
    height: { type: 'dimension', default: null },
  },
  parseDOM: [
    {
      tag: 'img[src]',
      getAttrs: (dom) => {
        const height = inlineStyle(dom, 'height');
        return {
          src: dom.getAttribute('src'),
          width: dom.getAttribute('width') ?? (inlineStyle(dom, 'width') || undefined),
          height: dom.getAttribute('height') ?? (height && height !== 'auto' ? height : undefined),
        };
      },
    },
  ],
  rendersFromAttrs: true,
  toDOM: (node) => {
    const { src, width, height } = node.attrs;
    const attrs: Record<string, string> = { width: String(width), style: sizeStyle(width, height) };
    if (src) attrs.src = src as string;
    if (height) attrs.height = String(height);
    return ['img', attrs];
  },
  markdown: {
    serialize: (node: PMNode) => (node.attrs.src ? [`![](${destination(node.attrs.src as string)})`] : []),
    parse: { image: { node: 'image', getAttrs: (token) => ({ src: token.attrGet('src') }) } },
  },
  [BUILTIN_MENUS]: 'image',
  styles: `
    .content > .image-view:not(.re-active) {
      contain-intrinsic-size: auto 10em;
    }
    .content img {
      max-width: 100%;
      border-radius: 4px;
    }`,
};
