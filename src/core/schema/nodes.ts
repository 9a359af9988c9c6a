import { DOMParser, Fragment, type DOMOutputSpec, type NodeSpec, type Node as PMNode, type Schema, type TagParseRule } from 'prosemirror-model';
import * as a from './attrs.js';
import { attrSpecs, cleanAttrs, hasRequiredAttrs, type AttrDefs } from './attrs.js';

/**
 * A node spec whose attributes are declared with cleaners. `attrDefs` stays on the
 * spec (ProseMirror keeps unknown spec fields) so the JSON loader can clean values.
 */
export interface SafeNodeSpec extends NodeSpec {
  attrDefs?: AttrDefs;
}

function node(defs: AttrDefs | undefined, spec: NodeSpec): SafeNodeSpec {
  return defs ? { ...spec, attrs: attrSpecs(defs), attrDefs: defs } : spec;
}

function attrsOf(defs: AttrDefs, raw: Record<string, unknown>): Record<string, unknown> {
  return cleanAttrs(defs, raw);
}

// ---------------------------------------------------------------- text blocks

const headingDefs: AttrDefs = { level: { default: 1, clean: a.headingLevel } };

const codeBlockDefs: AttrDefs = { language: { default: 'plaintext', clean: a.language } };

function codeLanguage(dom: HTMLElement): unknown {
  const own = dom.getAttribute('data-language');
  if (own) return own;
  const code = dom.querySelector('code');
  const cls = (code?.getAttribute('class') ?? dom.getAttribute('class') ?? '').match(/(?:^|\s)language-(\S+)/);
  return cls ? cls[1] : undefined;
}

// ---------------------------------------------------------------- lists

const orderedDefs: AttrDefs = { start: { default: 1, clean: a.listStart } };
const taskItemDefs: AttrDefs = { checked: { default: false, clean: a.bool } };

function checkedOf(dom: HTMLElement): boolean {
  const data = dom.getAttribute('data-checked');
  if (data !== null) return data === 'true' || data === '';
  const box = dom.querySelector(':scope > label > input[type="checkbox"], :scope > input[type="checkbox"]');
  return !!box && box.hasAttribute('checked');
}

// ---------------------------------------------------------------- image

const imageDefs: AttrDefs = {
  src: { default: null, clean: a.imageSrc, required: true },
  width: { default: '35%', clean: a.dimension('35%') },
  height: { default: null, clean: a.dimension(null) },
};

function sizeStyle(width: unknown, height: unknown): string {
  return `width: ${String(width)}; height: ${height ? String(height) : 'auto'};`;
}

// ---------------------------------------------------------------- tables

const cellDefs: AttrDefs = {
  colspan: { default: 1, clean: a.span },
  rowspan: { default: 1, clean: a.span },
  colwidth: { default: null, clean: a.colwidth },
  background: { default: null, clean: a.background },
  textColor: { default: null, clean: a.textColor },
};

const rowDefs: AttrDefs = {
  background: { default: null, clean: a.background },
  textColor: { default: null, clean: a.textColor },
};

function colorsFrom(dom: HTMLElement): { background: unknown; textColor: unknown } {
  return {
    background: dom.getAttribute('data-background') ?? (dom.style.backgroundColor || undefined),
    textColor: dom.getAttribute('data-text-color') ?? (dom.style.color || undefined),
  };
}

function cellAttrsFrom(dom: HTMLElement): Record<string, unknown> {
  return attrsOf(cellDefs, {
    colspan: dom.getAttribute('colspan') ?? undefined,
    rowspan: dom.getAttribute('rowspan') ?? undefined,
    colwidth: dom.getAttribute('data-colwidth') ?? undefined,
    ...colorsFrom(dom),
  });
}

function colorStyle(background: unknown, textColor: unknown): string | undefined {
  const parts: string[] = [];
  if (background) parts.push(`background-color: ${String(background)}`);
  if (textColor) parts.push(`color: ${String(textColor)}`);
  return parts.length ? parts.join('; ') : undefined;
}

function cellToDOM(tag: 'td' | 'th') {
  return (node: PMNode): DOMOutputSpec => {
    const { colspan, rowspan, colwidth, background, textColor } = node.attrs;
    const attrs: Record<string, string> = {};
    if (colspan !== 1) attrs.colspan = String(colspan);
    if (rowspan !== 1) attrs.rowspan = String(rowspan);
    if (colwidth) attrs['data-colwidth'] = (colwidth as number[]).join(',');
    if (background) attrs['data-background'] = background;
    if (textColor) attrs['data-text-color'] = textColor;
    const style = colorStyle(background, textColor);
    if (style) attrs.style = style;
    return [tag, attrs, 0];
  };
}

/** Header cells hold paragraphs only (spec section 5): blocks inside a <th> become paragraphs, text kept. */
function headerContent(dom: Node, schema: Schema): Fragment {
  const paragraphs: PMNode[] = [];
  DOMParser.fromSchema(schema)
    .parse(dom, { preserveWhitespace: true })
    .descendants((node) => {
      if (!node.isTextblock) return true;
      const content = node.type.spec.code
        ? node.textContent.split('\n').flatMap((line, i) => [...(i ? [schema.nodes.hard_break.create()] : []), ...(line ? [schema.text(line)] : [])])
        : node.content;
      paragraphs.push(schema.nodes.paragraph.create(null, content));
      return false;
    });
  return Fragment.from(paragraphs.length ? paragraphs : [schema.nodes.paragraph.create()]);
}

// ---------------------------------------------------------------- mention

const mentionDefs: AttrDefs = {
  id: { default: null, clean: a.text },
  label: { default: null, clean: a.text },
  target: { default: null, clean: a.identifier },
  self: { default: false, clean: a.bool },
  redirect_uri: { default: '/', clean: a.redirect },
  entity_identifier: { default: null, clean: a.text },
  entity_name: { default: null, clean: a.text },
};

function mentionAttrsFrom(dom: HTMLElement): Record<string, unknown> {
  const get = (name: string) => dom.getAttribute(`data-${name.replace(/_/g, '-')}`) ?? undefined;
  const label = get('label') ?? (dom.textContent?.replace(/^@/, '') || undefined);
  return attrsOf(mentionDefs, {
    id: get('id'),
    label,
    target: get('target'),
    self: get('self'),
    redirect_uri: get('redirect-uri'),
    entity_identifier: get('entity-identifier'),
    entity_name: get('entity-name'),
  });
}

/** Every node of the editor's document (spec section 3), in schema order. */
export const nodes: Record<string, SafeNodeSpec> = {
  doc: { content: 'block+' },

  paragraph: {
    content: 'inline*',
    group: 'block',
    parseDOM: [{ tag: 'p' }],
    toDOM: () => ['p', 0],
  },

  heading: node(headingDefs, {
    content: 'inline*',
    group: 'block',
    defining: true,
    parseDOM: [1, 2, 3, 4, 5, 6].map(
      (level): TagParseRule => ({ tag: `h${level}`, getAttrs: () => attrsOf(headingDefs, { level }) }),
    ),
    toDOM: (n) => [`h${n.attrs.level as number}`, 0],
  }),

  blockquote: {
    content: 'block+',
    group: 'block',
    defining: true,
    parseDOM: [{ tag: 'blockquote' }],
    toDOM: () => ['blockquote', 0],
  },

  horizontal_rule: {
    group: 'block',
    parseDOM: [{ tag: 'hr' }],
    toDOM: () => ['hr'],
  },

  code_block: node(codeBlockDefs, {
    content: 'text*',
    marks: '',
    group: 'block',
    code: true,
    defining: true,
    // The place beside a code block is not in its code: the gap cursor may stand there.
    createGapCursor: true,
    parseDOM: [
      {
        tag: 'pre',
        preserveWhitespace: 'full',
        getAttrs: (dom) => attrsOf(codeBlockDefs, { language: codeLanguage(dom) }),
      },
    ],
    toDOM: (n) => {
      const language = n.attrs.language as string;
      return ['pre', { 'data-language': language }, ['code', { class: `language-${language}` }, 0]];
    },
  }),

  bullet_list: {
    content: 'list_item+',
    group: 'block',
    listRole: 'list',
    parseDOM: [{ tag: 'ul' }],
    toDOM: () => ['ul', 0],
  },

  ordered_list: node(orderedDefs, {
    content: 'list_item+',
    group: 'block',
    listRole: 'list',
    parseDOM: [{ tag: 'ol', getAttrs: (dom) => attrsOf(orderedDefs, { start: dom.getAttribute('start') ?? undefined }) }],
    toDOM: (n) => (n.attrs.start === 1 ? ['ol', 0] : ['ol', { start: String(n.attrs.start) }, 0]),
  }),

  list_item: {
    content: 'paragraph block*',
    defining: true,
    listRole: 'item',
    parseDOM: [{ tag: 'li' }],
    toDOM: () => ['li', 0],
  },

  task_list: {
    content: 'task_item+',
    group: 'block',
    listRole: 'list',
    parseDOM: [{ tag: 'ul[data-type="taskList"]', priority: 60 }],
    toDOM: () => ['ul', { 'data-type': 'taskList' }, 0],
  },

  task_item: node(taskItemDefs, {
    content: 'paragraph block*',
    defining: true,
    listRole: 'item',
    parseDOM: [
      {
        tag: 'li[data-type="taskItem"]',
        priority: 60,
        getAttrs: (dom) => attrsOf(taskItemDefs, { checked: checkedOf(dom) }),
        contentElement: (dom) => dom.querySelector(':scope > div') ?? dom,
      },
    ],
    toDOM: (n) => [
      'li',
      { 'data-type': 'taskItem', 'data-checked': n.attrs.checked ? 'true' : 'false' },
      ['label', { contenteditable: 'false' }, ['input', n.attrs.checked ? { type: 'checkbox', checked: 'checked' } : { type: 'checkbox' }]],
      ['div', 0],
    ],
  }),

  table: {
    content: 'table_row+',
    group: 'block',
    tableRole: 'table',
    isolating: true,
    parseDOM: [{ tag: 'table' }],
    toDOM: () => ['table', ['tbody', 0]],
  },

  table_row: node(rowDefs, {
    content: '(table_cell | table_header)*',
    tableRole: 'row',
    parseDOM: [{ tag: 'tr', getAttrs: (dom) => attrsOf(rowDefs, colorsFrom(dom)) }],
    toDOM: (n) => {
      const { background, textColor } = n.attrs;
      const attrs: Record<string, string> = {};
      if (background) attrs['data-background'] = background;
      if (textColor) attrs['data-text-color'] = textColor;
      const style = colorStyle(background, textColor);
      if (style) attrs.style = style;
      return ['tr', attrs, 0];
    },
  }),

  table_cell: node(cellDefs, {
    content: 'block+',
    tableRole: 'cell',
    isolating: true,
    parseDOM: [{ tag: 'td', getAttrs: cellAttrsFrom }],
    toDOM: cellToDOM('td'),
  }),

  table_header: node(cellDefs, {
    content: 'paragraph+',
    tableRole: 'header_cell',
    isolating: true,
    parseDOM: [{ tag: 'th', getAttrs: cellAttrsFrom, getContent: headerContent }],
    toDOM: cellToDOM('th'),
  }),

  image: node(imageDefs, {
    group: 'block',
    atom: true,
    draggable: true,
    parseDOM: [
      {
        tag: 'img[src]',
        getAttrs: (dom) => {
          const attrs = attrsOf(imageDefs, {
            src: dom.getAttribute('src'),
            width: dom.getAttribute('width') ?? (dom.style.width || undefined),
            height: dom.getAttribute('height') ?? (dom.style.height && dom.style.height !== 'auto' ? dom.style.height : undefined),
          });
          return hasRequiredAttrs(imageDefs, attrs) ? attrs : false;
        },
      },
    ],
    toDOM: (n) => {
      const { src, width, height } = n.attrs;
      const attrs: Record<string, string> = { width: String(width), style: sizeStyle(width, height) };
      if (src) attrs.src = src;
      if (height) attrs.height = String(height);
      return ['img', attrs];
    },
  }),

  text: { group: 'inline' },

  hard_break: {
    inline: true,
    group: 'inline',
    selectable: false,
    linebreakReplacement: true,
    parseDOM: [{ tag: 'br' }],
    toDOM: () => ['br'],
  },

  mention: node(mentionDefs, {
    inline: true,
    group: 'inline',
    atom: true,
    selectable: true,
    parseDOM: [{ tag: 'span[data-type="mention"]', getAttrs: mentionAttrsFrom }],
    toDOM: (n) => {
      const attrs: Record<string, string> = { 'data-type': 'mention', class: 'mention' };
      for (const [name, value] of Object.entries(n.attrs)) {
        if (value !== null && value !== undefined) attrs[`data-${name.replace(/_/g, '-')}`] = String(value);
      }
      return ['span', attrs, `@${(n.attrs.label as string | null) ?? ''}`];
    },
    leafText: (n) => `@${(n.attrs.label as string | null) ?? ''}`,
  }),
};
