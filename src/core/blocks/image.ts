/** Images (the `images` feature): an address, a size and a text alternative; uploads come through the image upload plugin. */
import type { Node as PMNode } from 'prosemirror-model';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';
import { inlineStyle } from '../schema/inline-style.js';
import { destination, escapeText } from '../serialize/markdown-inline.js';

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
    // What the image shows, for those who cannot see it (from pasted HTML, markdown, stored content).
    alt: { type: 'text' },
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
          alt: dom.getAttribute('alt')?.trim() || undefined,
        };
      },
    },
  ],
  rendersFromAttrs: true,
  toDOM: (node) => {
    const { src, width, height, alt } = node.attrs;
    const attrs: Record<string, string> = { width: String(width), style: sizeStyle(width, height) };
    if (src) attrs.src = src as string;
    if (height) attrs.height = String(height);
    if (alt) attrs.alt = alt as string;
    return ['img', attrs];
  },
  markdown: {
    // The text alternative between the brackets, escaped as text is (on one line).
    serialize: (node: PMNode) => (node.attrs.src ? [`![${escapeText(String(node.attrs.alt ?? '').replace(/\s+/g, ' '), false)}](${destination(node.attrs.src as string)})`] : []),
    // What the brackets hold, read as text (markdown's own alt: emphasis and escapes resolved, a line break a space).
    parse: { image: { node: 'image', getAttrs: (token) => ({ src: token.attrGet('src'), alt: token.children?.map((child) => (child.type.endsWith('break') ? ' ' : child.content)).join('').trim() || undefined }) } },
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
