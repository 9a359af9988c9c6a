/** Mentions of people (the `mentions` feature): `@label` linking to the person's page. */
import type { NodeDefinition } from '../extensions/types.js';
import type { JSONNode } from '../serialize/json.js';

/** The entity name of a mention of a person (a suggestion that names no other). */
export const USER_MENTION_ENTITY = 'user_mention';

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

const ATTRS: NodeDefinition['attrs'] = {
  id: { type: 'text' },
  label: { type: 'text' },
  target: { type: 'identifier' },
  self: { type: 'boolean' },
  redirect_uri: { type: 'redirect' },
  entity_identifier: { type: 'text' },
  entity_name: { type: 'text' },
};

/** Each attribute with its element attribute (`data-redirect-uri` for `redirect_uri`), made once: a long document renders thousands of mentions. */
const DATA_NAMES = Object.keys(ATTRS!).map((name) => [name, `data-${name.replace(/_/g, '-')}`] as const);

export const mention: NodeDefinition = {
  name: 'mention',
  inline: true,
  group: 'inline',
  atom: true,
  selectable: true,
  attrs: ATTRS,
  spec: { leafText: labelOf },
  parseDOM: [{ tag: 'span[data-type="mention"]', getAttrs: mentionAttrsFrom }],
  rendersFromAttrs: true,
  toDOM: (node) => {
    const attrs: Record<string, string> = { 'data-type': 'mention', class: 'mention' };
    for (const [name, data] of DATA_NAMES) {
      const value = node.attrs[name];
      if (value !== null && value !== undefined) attrs[data] = String(value);
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

/**
 * The `entity_identifier`s of the mentions of `entityName` (people by default) in a document in
 * its stored JSON form, each once, in document order. A walk of the JSON, not a parse: a server
 * reads the people a saved description or comment mentions without building the document again.
 */
export function mentionedEntities(doc: JSONNode | null | undefined, entityName = USER_MENTION_ENTITY): string[] {
  const found = new Set<string>();
  const stack: unknown[] = doc ? [doc] : [];
  while (stack.length) {
    const node = stack.pop() as Partial<JSONNode> | null;
    if (!node || typeof node !== 'object') continue;
    if (node.type === mention.name) {
      const attrs = node.attrs ?? {};
      const id = attrs.entity_identifier;
      if (typeof id === 'string' && id && (attrs.entity_name ?? USER_MENTION_ENTITY) === entityName) found.add(id);
      continue;
    }
    if (Array.isArray(node.content)) for (let i = node.content.length - 1; i >= 0; i--) stack.push(node.content[i]);
  }
  return [...found];
}
