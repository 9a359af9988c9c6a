import type { MarkSpec } from 'prosemirror-model';
import type { MarkMarkdown } from '../extensions/types.js';
import * as a from './attrs.js';
import { attrSpecs, cleanAttrs, hasRequiredAttrs, type AttrDefs } from './attrs.js';
import { inlineStyle } from './inline-style.js';

/** A mark spec whose attributes are declared with cleaners (see `SafeNodeSpec`). */
export interface SafeMarkSpec extends MarkSpec {
  attrDefs?: AttrDefs;
  /** How markdown writes it, when not in markdown's own syntax (markdown-inline.ts). */
  markdown?: MarkMarkdown;
}

const linkDefs: AttrDefs = {
  href: { default: '', clean: a.href, required: true },
  target: { default: '_blank', clean: a.linkTarget },
  rel: { default: a.LINK_REL, clean: a.linkRel },
  class: { default: null, clean: a.className },
};

function weight(value: string): boolean {
  return value === 'bold' || value === 'bolder' || /^[5-9]\d\d$/.test(value);
}

/** Every mark of the editor's document (spec section 3); order sets nesting in output. */
export const marks: Record<string, SafeMarkSpec> = {
  link: {
    attrs: attrSpecs(linkDefs),
    attrDefs: linkDefs,
    inclusive: false,
    parseDOM: [
      {
        tag: 'a[href]',
        // A refused address (javascript:, mailto:, relative…) keeps the text and drops the link.
        getAttrs: (dom) => {
          const attrs = cleanAttrs(linkDefs, {
            href: dom.getAttribute('href'),
            target: dom.getAttribute('target') ?? undefined,
            class: dom.getAttribute('class') ?? undefined,
          });
          return hasRequiredAttrs(linkDefs, attrs) ? attrs : false;
        },
      },
    ],
    toDOM: (mark) => {
      const { href, target, rel, class: cls } = mark.attrs;
      const attrs: Record<string, string> = { href: href as string, target: target as string, rel: rel as string };
      if (cls) attrs.class = cls as string;
      return ['a', attrs, 0];
    },
  },

  bold: {
    parseDOM: [
      { tag: 'strong' },
      // Google Docs wraps whole documents in <b style="font-weight:normal">.
      { tag: 'b', getAttrs: (dom) => inlineStyle(dom, 'fontWeight') !== 'normal' && null },
      { style: 'font-weight', getAttrs: (value) => weight(value) && null },
    ],
    toDOM: () => ['strong', 0],
  },

  italic: {
    parseDOM: [{ tag: 'em' }, { tag: 'i' }, { style: 'font-style=italic' }],
    toDOM: () => ['em', 0],
  },

  underline: {
    parseDOM: [{ tag: 'u' }, { style: 'text-decoration=underline' }, { style: 'text-decoration-line=underline' }],
    toDOM: () => ['u', 0],
    // Markdown has no underline, and other markdown writers drop it too: its text is kept plainly.
    markdown: 'text',
  },

  strike: {
    parseDOM: [
      { tag: 's' },
      { tag: 'del' },
      { tag: 'strike' },
      { style: 'text-decoration=line-through' },
      { style: 'text-decoration-line=line-through' },
    ],
    toDOM: () => ['s', 0],
  },

  code: {
    excludes: '_',
    code: true,
    parseDOM: [{ tag: 'code' }],
    toDOM: () => ['code', 0],
  },
};
