/** Tables (the `tables` feature): rows, cells and header cells with colours and column widths. */
import type { DOMOutputSpec, Node as PMNode } from 'prosemirror-model';
import { insertTableOf } from '../commands/table-insert.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';
import type { AttrKind } from '../schema/attr-kinds.js';
import { inlineStyle } from '../schema/inline-style.js';
import { cellInline, codeSpan, destination } from '../serialize/markdown-inline.js';
import { headerContent } from './header-content.js';

const COLOURS: Readonly<Record<string, AttrKind>> = {
  background: { type: 'color', role: 'background' },
  textColor: { type: 'color', role: 'textColor' },
};

const CELL_ATTRS: Readonly<Record<string, AttrKind>> = {
  colspan: { type: 'number', default: 1, min: 1, max: 1000, integer: true },
  rowspan: { type: 'number', default: 1, min: 1, max: 1000, integer: true },
  colwidth: { type: 'numbers' },
  ...COLOURS,
};

function colorsFrom(dom: HTMLElement): { background: unknown; textColor: unknown } {
  return {
    background: dom.getAttribute('data-background') ?? (inlineStyle(dom, 'backgroundColor') || undefined),
    textColor: dom.getAttribute('data-text-color') ?? (inlineStyle(dom, 'color') || undefined),
  };
}

function cellAttrsFrom(dom: HTMLElement): Record<string, unknown> {
  return {
    colspan: dom.getAttribute('colspan') ?? undefined,
    rowspan: dom.getAttribute('rowspan') ?? undefined,
    colwidth: dom.getAttribute('data-colwidth') ?? undefined,
    ...colorsFrom(dom),
  };
}

/** The data attributes and inline style that keep a row's or cell's colours. */
function colorAttrs(background: unknown, textColor: unknown, into: Record<string, string>): Record<string, string> {
  const style: string[] = [];
  if (background) {
    into['data-background'] = String(background);
    style.push(`background-color: ${String(background)}`);
  }
  if (textColor) {
    into['data-text-color'] = String(textColor);
    style.push(`color: ${String(textColor)}`);
  }
  if (style.length) into.style = style.join('; ');
  return into;
}

function cellToDOM(tag: 'td' | 'th') {
  return (node: PMNode): DOMOutputSpec => {
    const { colspan, rowspan, colwidth, background, textColor } = node.attrs;
    const attrs: Record<string, string> = {};
    if (colspan !== 1) attrs.colspan = String(colspan);
    if (rowspan !== 1) attrs.rowspan = String(rowspan);
    if (colwidth) attrs['data-colwidth'] = (colwidth as number[]).join(',');
    return [tag, colorAttrs(background, textColor, attrs), 0];
  };
}

/** A table cell as one line of inline markdown: GFM cells hold no blocks and no breaks. */
function cellMarkdown(cell: PMNode): string {
  const parts: string[] = [];
  cell.descendants((node) => {
    if (node.type.spec.code) parts.push(node.textContent ? codeSpan(node.textContent.replace(/\r\n?|\n/g, ' ')) : '');
    else if (node.isTextblock) parts.push(cellInline(node));
    else if (node.type.name === 'image' && node.attrs.src) parts.push(`![](${destination(node.attrs.src as string)})`);
    return !node.isTextblock;
  });
  // GFM splits rows at every unescaped pipe before reading inline syntax, even in code spans.
  return parts.filter(Boolean).join(' ').replace(/\|/g, '\\|');
}

function tableLines(node: PMNode): string[] {
  const rows: string[][] = [];
  node.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cellMarkdown(cell), ...Array<string>((cell.attrs.colspan as number) - 1).fill('')));
    rows.push(cells);
  });
  const width = rows.reduce((most, cells) => Math.max(most, cells.length), 0);
  if (!width) return [];
  const line = (cells: string[]) => `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
  return [line(rows[0]), line(Array<string>(width).fill('---')), ...rows.slice(1).map(line)];
}

export const table: NodeDefinition = {
  name: 'table',
  content: 'table_row+',
  group: 'block',
  isolating: true,
  spec: { tableRole: 'table' },
  parseDOM: [{ tag: 'table' }],
  rendersFromAttrs: true,
  toDOM: () => ['table', ['tbody', 0]],
  markdown: { serialize: tableLines, parse: { table: { block: 'table' }, thead: { ignore: true }, tbody: { ignore: true } } },
  [BUILTIN_MENUS]: 'table',
  commands: { insert: (rows?: number, columns?: number) => insertTableOf(rows, columns) },
  styles: `
    .content > :is(.tableWrapper, table):not(.re-active) {
      contain-intrinsic-size: auto 10em;
    }
    .content .tableWrapper {
      overflow-x: auto;
      margin: 0.5em 0;
    }
    .content table {
      border-collapse: collapse;
      table-layout: fixed;
    }`,
};

export const tableRow: NodeDefinition = {
  name: 'table_row',
  content: '(table_cell | table_header)*',
  spec: { tableRole: 'row' },
  attrs: COLOURS,
  parseDOM: [{ tag: 'tr', getAttrs: colorsFrom }],
  rendersFromAttrs: true,
  toDOM: (node) => ['tr', colorAttrs(node.attrs.background, node.attrs.textColor, {}), 0],
  markdown: { parse: { tr: { block: 'table_row' } } },
};

export const tableCell: NodeDefinition = {
  name: 'table_cell',
  content: 'block+',
  isolating: true,
  spec: { tableRole: 'cell' },
  attrs: CELL_ATTRS,
  parseDOM: [{ tag: 'td', getAttrs: cellAttrsFrom }],
  rendersFromAttrs: true,
  toDOM: cellToDOM('td'),
  markdown: { parse: { td: { block: 'table_cell' } } },
  styles: `
    .content td,
    .content th {
      position: relative;
      border: 1px solid var(--_border);
      padding: 4px 8px;
      min-width: 100px;
      vertical-align: top;
      box-sizing: border-box;
    }
    /* The palette's backgrounds are light in both themes: on them, text, links, inline code
       and mentions take the light theme's colours, whatever the element's theme. */
    .content [data-background] {
      --_text: var(--rich-editor-cell-text, #1f2328);
      --_link: var(--rich-editor-cell-link, #1d4ed8);
      --_code-bg: rgb(0 0 0 / 0.07);
      --_mention-bg: rgb(255 255 255 / 0.6);
      --_mention-text: #1d4ed8;
      --_highlight: #fde68a;
    }
    .content [data-background]:not([data-text-color]) {
      color: var(--_text);
    }
    .content td > p,
    .content th > p {
      margin: 0;
    }`,
};

export const tableHeader: NodeDefinition = {
  name: 'table_header',
  content: 'paragraph+',
  isolating: true,
  spec: { tableRole: 'header_cell' },
  attrs: CELL_ATTRS,
  parseDOM: [{ tag: 'th', getAttrs: cellAttrsFrom, getContent: headerContent }],
  rendersFromAttrs: true,
  toDOM: cellToDOM('th'),
  markdown: { parse: { th: { block: 'table_header' } } },
  styles: `
    .content th {
      font-weight: 600;
      text-align: start;
    }`,
};
