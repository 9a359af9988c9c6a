/** Mentions of people (the `mentions` feature): `@label` linking to the person's page. */
import type { NodeDefinition } from '../extensions/types.js';

/** A mention's attributes as its element carries them (`data-redirect-uri` for `redirect_uri`). */
function mentionAttrsFrom(dom: HTMLElement): Record<string, unknown> {
  const get = (name: string) => dom.getAttribute(`data-${name}`) ?? undefined;
  return {
    id: get('id'),
    label: get('label') ?? (dom.textContent?.replace(/^@/, '') || undefined),
    target: get('target'),
    self: get('self'),
    redirect_uri: get('redirect-uri'),
    entity_identifier: get('entity-identifier'),
    entity_name: get('entity-name'),
  };
}

const labelOf = (node: { attrs: Record<string, unknown> }) => `@${(node.attrs.label as string | null) ?? ''}`;

export const mention: NodeDefinition = {
  name: 'mention',
  inline: true,
  group: 'inline',
  atom: true,
  selectable: true,
  attrs: {
    id: { type: 'text' },
    label: { type: 'text' },
    target: { type: 'identifier' },
    self: { type: 'boolean' },
    redirect_uri: { type: 'redirect' },
    entity_identifier: { type: 'text' },
    entity_name: { type: 'text' },
  },
  spec: { leafText: labelOf },
  parseDOM: [{ tag: 'span[data-type="mention"]', getAttrs: mentionAttrsFrom }],
  toDOM: (node) => {
    const attrs: Record<string, string> = { 'data-type': 'mention', class: 'mention' };
    for (const [name, value] of Object.entries(node.attrs)) {
      if (value !== null && value !== undefined) attrs[`data-${name.replace(/_/g, '-')}`] = String(value);
    }
    return ['span', attrs, labelOf(node)];
  },
  styles: `
    .content .mention {
      background: var(--_mention-bg);
      color: var(--_mention-text);
      border-radius: 4px;
      padding: 0 0.2em;
      white-space: nowrap;
    }
    :host(:not([readonly])) .content .mention {
      cursor: pointer;
    }
    .content .mention.mention-highlight {
      background: var(--_highlight);
    }`,
};
