/**
 * Markdown out (CommonMark + GFM tables, strikethrough and task lists) written by hand,
 * and markdown in through a lazily loaded parser. This file must not import
 * prosemirror-markdown or markdown-it: their module code would pull ~100 KB into the
 * base bundle, and the element's synchronous `getMarkdown()` only needs this writer.
 */
import { DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import type { MarkdownHelpers, MarkdownRule } from '../extensions/types.js';
import { cellInline, codeSpan, destination, inlineLines, longestRun } from './markdown-inline.js';

/** The info string of the fence that holds a node markdown has no form for, as HTML (read back by the parser). */
export const HTML_FENCE_INFO = 'html rich-editor';

/** Ordered list numbers have at most nine digits (CommonMark 5.2). */
const MAX_LIST_NUMBER = 999_999_999;

// ------------------------------------------------------------------ blocks

/** A block and the lines it renders to. */
interface Rendered {
  node: PMNode;
  lines: string[];
}

const LIST_KINDS: Record<string, string[]> = { bullet_list: ['-', '*'], task_list: ['-', '*'], ordered_list: ['.', ')'] };

function headingLines(node: PMNode): string[] {
  const level = node.attrs.level as number;
  const lines = inlineLines(node);
  // Only setext headings (levels 1 and 2) can span lines; elsewhere a break reads as a space.
  if (lines.length > 1 && level <= 2) return [...lines, level === 1 ? '===' : '---'];
  const [text] = inlineLines(node, true);
  return [text ? `${'#'.repeat(level)} ${text}` : '#'.repeat(level)];
}

function codeBlockLines(node: PMNode): string[] {
  const text = node.textContent;
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  const language = node.attrs.language as string;
  const body = text ? text.split(/\r\n?|\n/) : [];
  return [language === 'plaintext' ? fence : fence + language, ...body, fence];
}

function imageMarkdown(node: PMNode): string {
  const src = node.attrs.src as string | null;
  return src ? `![](${destination(src)})` : '';
}

/** A table cell as one line of inline markdown: GFM cells hold no blocks and no breaks. */
function cellMarkdown(cell: PMNode): string {
  const parts: string[] = [];
  cell.descendants((node) => {
    if (node.type.name === 'code_block') parts.push(node.textContent ? codeSpan(node.textContent.replace(/\r\n?|\n/g, ' ')) : '');
    else if (node.isTextblock) parts.push(cellInline(node));
    else if (node.type.name === 'image') parts.push(imageMarkdown(node));
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

/** Whether a list's first line may interrupt a paragraph, so it can follow one without a blank line. */
function interruptsParagraph(list: Rendered): boolean {
  if (/^([-*]|\d+[.)])$/.test(list.lines[0] ?? '')) return false;
  return list.node.type.name !== 'ordered_list' || list.node.attrs.start === 1;
}

function itemLines(item: PMNode, marker: string, task: boolean): string[] {
  const indent = ' '.repeat(task ? 2 : marker.length + 1);
  const head = item.firstChild?.type.name === 'paragraph' ? inlineLines(item.firstChild) : [];
  const rest = childBlocks(item, item.firstChild?.type.name === 'paragraph' ? 1 : 0);
  const body = [...head];
  if (head.length || task) {
    rest.forEach((block, i) => {
      const tight = i === 0 && LIST_KINDS[block.node.type.name] && interruptsParagraph(block);
      if (!tight) body.push('');
      body.push(...block.lines);
    });
  } else {
    // An empty first paragraph has no line: the next block starts on the marker's line.
    body.push(...joinBlocks(rest));
    // `- ---` would read as a rule, not as an item holding one.
    if (rest[0]?.node.type.name === 'horizontal_rule' && marker === '-') body[0] = '***';
  }
  const [first = '', ...more] = body;
  return [first ? `${marker} ${first}` : marker, ...more.map((line) => (line ? indent + line : ''))];
}

function listLines(list: PMNode, ch: string): string[] {
  const task = list.type.name === 'task_list';
  const start = list.type.name === 'ordered_list' ? (list.attrs.start as number) : 0;
  const items: string[][] = [];
  list.forEach((item, _, i) => {
    const number = start + i <= MAX_LIST_NUMBER ? start + i : start;
    const marker = list.type.name === 'ordered_list' ? `${number}${ch}` : task ? `${ch} [${item.attrs.checked ? 'x' : ' '}]` : ch;
    items.push(itemLines(item, marker, task));
  });
  const tight = items.every((lines) => !lines.includes(''));
  return items.flatMap((lines, i) => (i > 0 && !tight ? ['', ...lines] : lines));
}

function blockLines(node: PMNode): string[] {
  switch (node.type.name) {
    case 'paragraph':
      return inlineLines(node);
    case 'heading':
      return headingLines(node);
    case 'code_block':
      return codeBlockLines(node);
    case 'horizontal_rule':
      return ['---'];
    case 'image':
      return [imageMarkdown(node)].filter(Boolean);
    case 'table':
      return tableLines(node);
    case 'blockquote': {
      const lines = joinBlocks(childBlocks(node));
      return lines.length ? lines.map((line) => (line ? `> ${line}` : '>')) : ['>'];
    }
    default:
      return extensionLines(node);
  }
}

const HELPERS: MarkdownHelpers = {
  blocks: (node) => joinBlocks(childBlocks(node)),
  inline: (node) => inlineLines(node),
};

/** A quote in GitHub's alert form: `> [!NOTE]`, then the node's blocks. */
function alertLines(node: PMNode, rule: MarkdownRule): string[] {
  const labels = rule.blockquoteAlert!;
  const attr = rule.attr ?? Object.keys(node.attrs)[0];
  const label = labels[String(node.attrs[attr])] ?? Object.values(labels)[0];
  const body = joinBlocks(childBlocks(node));
  return [`> [!${label}]`, ...body.map((line) => (line ? `> ${line}` : '>'))];
}

/**
 * A node of an extension: its own markdown rule, or, without one, its HTML in a fence
 * (`html rich-editor`) that the parser reads back through the schema, so a forgotten
 * rule never drops the node's structure. Outside a browser (no DOM to render with) the
 * node's content is written instead.
 */
function extensionLines(node: PMNode): string[] {
  const rule = (node.type.spec as { markdown?: MarkdownRule }).markdown;
  if (rule?.serialize) return rule.serialize(node, HELPERS);
  if (rule?.blockquoteAlert) return alertLines(node, rule);
  const document = globalThis.document;
  if (document) {
    const container = document.createElement('div');
    container.appendChild(DOMSerializer.fromSchema(node.type.schema).serializeNode(node, { document }));
    const html = container.innerHTML;
    const fence = '`'.repeat(Math.max(3, longestRun(html, '`') + 1));
    return [`${fence}${HTML_FENCE_INFO}`, ...html.split('\n'), fence];
  }
  return node.isTextblock ? inlineLines(node) : joinBlocks(childBlocks(node));
}

/**
 * The children of a container from `from` on, rendered, without those that render to
 * nothing. Two lists of one kind in a row would merge, so the second switches marker.
 */
function childBlocks(parent: PMNode, from = 0): Rendered[] {
  const out: Rendered[] = [];
  let previousMarker: string | null = null;
  for (let i = from; i < parent.childCount; i++) {
    const node = parent.child(i);
    const kinds = LIST_KINDS[node.type.name];
    const marker: string | null = kinds ? (previousMarker === kinds[0] ? kinds[1] : kinds[0]) : null;
    const lines = marker ? listLines(node, marker) : blockLines(node);
    if (!lines.length) continue;
    out.push({ node, lines });
    previousMarker = marker;
  }
  return out;
}

function joinBlocks(blocks: readonly Rendered[]): string[] {
  return blocks.flatMap((block, i) => (i > 0 ? ['', ...block.lines] : block.lines));
}

/**
 * The document as CommonMark with GFM tables, strikethrough and task lists. Marks and
 * attributes markdown cannot express (underline, image sizes, colours, spans, link
 * targets) are left out; mentions become links to their address. Blocks are separated
 * by one blank line and the text ends without one.
 */
export function serializeMarkdown(doc: PMNode): string {
  return joinBlocks(childBlocks(doc)).join('\n');
}

/**
 * Parses markdown into a document of the schema. The parser (markdown-it) is loaded on
 * first use, which keeps it out of the base bundle; it never rejects.
 */
export async function parseMarkdown(markdown: string): Promise<PMNode> {
  const { parseMarkdownNow } = await import('./markdown-parse.js');
  return parseMarkdownNow(markdown);
}
