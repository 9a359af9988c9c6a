/** Bulleted and numbered lists and their items; to-do lists (task-list.ts) share the markdown writer. */
import { wrappingInputRule } from 'prosemirror-inputrules';
import type { Node as PMNode } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import { findList, liftItem, sinkItem, splitItem, toggleBulletList, toggleList, toggleOrderedList } from '../commands/lists.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { MarkdownHelpers, NodeDefinition, RenderedBlock } from '../extensions/types.js';
import { withNodeType } from '../per-schema.js';

/** Ordered list numbers have at most nine digits (CommonMark 5.2). */
const MAX_LIST_NUMBER = 999_999_999;

/** Makes the selection a list of the given type, converting another list rather than lifting out of it. */
export function setList(listName: string): Command {
  return withNodeType(listName, (list) => (state, dispatch) => findList(state)?.node.type === list || toggleList(list)(state, dispatch));
}

/** Whether a list's first line may interrupt a paragraph, so it can follow one without a blank line. */
function interruptsParagraph(list: RenderedBlock): boolean {
  if (/^([-*]|\d+[.)])$/.test(list.lines[0] ?? '')) return false;
  return list.node.type.name !== 'ordered_list' || list.node.attrs.start === 1;
}

function itemLines(item: PMNode, marker: string, task: boolean, helpers: MarkdownHelpers): string[] {
  const indent = ' '.repeat(task ? 2 : marker.length + 1);
  const head = item.firstChild?.type.name === 'paragraph' ? helpers.inline(item.firstChild) : [];
  const rest = helpers.children(item, item.firstChild?.type.name === 'paragraph' ? 1 : 0);
  const body = [...head];
  if (head.length || task) {
    rest.forEach((block, i) => {
      const tight = i === 0 && block.node.type.spec.listRole === 'list' && interruptsParagraph(block);
      if (!tight) body.push('');
      body.push(...block.lines);
    });
  } else {
    // An empty first paragraph has no line: the next block starts on the marker's line.
    body.push(...helpers.join(rest));
    // `- ---` would read as a rule, not as an item holding one.
    if (rest[0]?.node.type.name === 'horizontal_rule' && marker === '-') body[0] = '***';
  }
  const [first = '', ...more] = body;
  return [first ? `${marker} ${first}` : marker, ...more.map((line) => (line ? indent + line : ''))];
}

/** A list's lines: `- `, `1. ` or `- [ ] ` items, tight unless an item holds a blank line. */
export function listLines(list: PMNode, helpers: MarkdownHelpers): string[] {
  const ch = helpers.marker;
  const task = list.type.name === 'task_list';
  const ordered = list.type.name === 'ordered_list';
  const start = ordered ? (list.attrs.start as number) : 0;
  const items: string[][] = [];
  list.forEach((item, _, i) => {
    const number = start + i <= MAX_LIST_NUMBER ? start + i : start;
    const marker = ordered ? `${number}${ch}` : task ? `${ch} [${item.attrs.checked ? 'x' : ' '}]` : ch;
    items.push(itemLines(item, marker, task, helpers));
  });
  const tight = items.every((lines) => !lines.includes(''));
  return items.flatMap((lines, i) => (i > 0 && !tight ? ['', ...lines] : lines));
}

/** The list styles every list kind shares (placed with the bulleted list). */
const LIST_STYLES = `
    .content > :is(ul, ol):not(.re-active) {
      contain-intrinsic-size: auto 5em;
    }
    .content ul,
    .content ol {
      margin: 0.25em 0;
      padding-inline-start: 1.5em;
    }`;

export const bulletList: NodeDefinition = {
  name: 'bullet_list',
  content: 'list_item+',
  group: 'block',
  spec: { listRole: 'list' },
  parseDOM: [{ tag: 'ul' }],
  rendersFromAttrs: true,
  toDOM: () => ['ul', 0],
  markdown: { markers: ['-', '*'], serialize: listLines, parse: { bullet_list: { block: 'bullet_list' } } },
  [BUILTIN_MENUS]: 'bullet_list',
  inputRules: (type) => [wrappingInputRule(/^\s*([-+*])\s$/, type)],
  keys: () => ({ 'Mod-Shift-8': toggleBulletList }),
  commands: { toggle: () => toggleBulletList },
  styles: LIST_STYLES,
};

export const orderedList: NodeDefinition = {
  name: 'ordered_list',
  content: 'list_item+',
  group: 'block',
  spec: { listRole: 'list' },
  attrs: { start: { type: 'number', default: 1, min: 0, max: MAX_LIST_NUMBER, integer: true, outOfRange: 'default' } },
  parseDOM: [{ tag: 'ol', getAttrs: (dom) => ({ start: dom.getAttribute('start') ?? undefined }) }],
  rendersFromAttrs: true,
  toDOM: (node) => (node.attrs.start === 1 ? ['ol', 0] : ['ol', { start: String(node.attrs.start) }, 0]),
  markdown: {
    markers: ['.', ')'],
    serialize: listLines,
    parse: { ordered_list: { block: 'ordered_list', getAttrs: (token) => ({ start: token.attrGet('start') ?? 1 }) } },
  },
  [BUILTIN_MENUS]: 'ordered_list',
  inputRules: (type) => [
    wrappingInputRule(
      /^(\d+)[.)]\s$/,
      type,
      (match) => ({ start: Number(match[1]) }),
      (match, node) => node.childCount + (node.attrs.start as number) === Number(match[1]),
    ),
  ],
  keys: () => ({ 'Mod-Shift-7': toggleOrderedList }),
  commands: { toggle: () => toggleOrderedList },
};

export const listItem: NodeDefinition = {
  name: 'list_item',
  content: 'paragraph block*',
  defining: true,
  spec: { listRole: 'item' },
  parseDOM: [{ tag: 'li' }],
  rendersFromAttrs: true,
  toDOM: () => ['li', 0],
  markdown: { parse: { list_item: { block: 'list_item' } } },
  // Enter, Tab and Shift-Tab work on the items of every list kind (found by their listRole).
  keys: () => ({ Enter: splitItem, Tab: sinkItem, 'Shift-Tab': liftItem }),
};
