/**
 * Markdown out (CommonMark + GFM tables, strikethrough and task lists), and markdown in
 * through a lazily loaded parser. Each node's own lines come from its definition's
 * markdown rule (src/core/blocks for the editor's nodes); this file walks the document
 * and joins them. It must not import prosemirror-markdown or markdown-it: their module
 * code would pull ~100 KB into the base bundle, and `getMarkdown()` only needs this writer.
 */
import { Fragment, type Node as PMNode } from 'prosemirror-model';
import { writeFragmentHTML } from './html-writer.js';
import type { MarkdownHelpers, MarkdownRule, RenderedBlock } from '../extensions/types.js';
import { inlineLines, longestRun } from './markdown-inline.js';

/** The info string of the fence that holds a node markdown has no form for, as HTML (read back by the parser). */
export const HTML_FENCE_INFO = 'html rich-editor';

function ruleOf(node: PMNode): MarkdownRule | undefined {
  return (node.type.spec as { markdown?: MarkdownRule }).markdown;
}

function helpers(marker: string): MarkdownHelpers {
  return { blocks: (node) => joinBlocks(childBlocks(node)), inline: (node) => inlineLines(node), children: childBlocks, join: joinBlocks, marker };
}

const NO_MARKER = helpers('');

/** A quote in GitHub's alert form: `> [!NOTE]`, then the node's blocks. */
function alertLines(node: PMNode, rule: MarkdownRule): string[] {
  const labels = rule.blockquoteAlert!;
  const attr = rule.attr ?? Object.keys(node.attrs)[0];
  const label = labels[String(node.attrs[attr])] ?? Object.values(labels)[0];
  const body = joinBlocks(childBlocks(node));
  return [`> [!${label}]`, ...body.map((line) => (line ? `> ${line}` : '>'))];
}

/**
 * Each block's lines as last written, with the marker they were written with (a list's depends
 * on the list before it). A document is written again after an edit (a host saving markdown as
 * the text changes): ProseMirror keeps the nodes an edit did not touch, so only the blocks it
 * changed are written again. Kept while the node is.
 */
const written = new WeakMap<PMNode, { marker: string; lines: readonly string[] }>();

/** A block's lines, written once per version of the block (`written`); a copy, for the caller to keep or change. */
function blockLines(node: PMNode, marker: string): string[] {
  let known = written.get(node);
  if (known?.marker !== marker) written.set(node, (known = { marker, lines: writeBlock(node, marker) }));
  return known.lines.slice();
}

/**
 * A node's lines: its rule's, or, without one, its HTML in a fence (`html rich-editor`)
 * that the parser reads back through the schema, so a forgotten rule never drops the
 * node's structure. The HTML is written without a DOM, so Node writes the same markdown.
 */
function writeBlock(node: PMNode, marker: string): string[] {
  const rule = ruleOf(node);
  if (rule?.serialize) return rule.serialize(node, marker ? helpers(marker) : NO_MARKER);
  if (rule?.blockquoteAlert) return alertLines(node, rule);
  const html = writeFragmentHTML(Fragment.from(node));
  const fence = '`'.repeat(Math.max(3, longestRun(html, '`') + 1));
  return [`${fence}${HTML_FENCE_INFO}`, ...html.split('\n'), fence];
}

/**
 * The children of a container from `from` on, rendered, without those that render to
 * nothing. Two lists of one kind in a row would merge, so the second switches marker.
 */
function childBlocks(parent: PMNode, from = 0): RenderedBlock[] {
  const out: RenderedBlock[] = [];
  let previousMarker: string | null = null;
  for (let i = from; i < parent.childCount; i++) {
    const node = parent.child(i);
    const kinds = ruleOf(node)?.markers;
    const marker: string | null = kinds ? (previousMarker === kinds[0] ? kinds[1] : kinds[0]) : null;
    const lines = blockLines(node, marker ?? '');
    if (!lines.length) continue;
    out.push({ node, lines });
    previousMarker = marker;
  }
  return out;
}

function joinBlocks(blocks: readonly RenderedBlock[]): string[] {
  return blocks.flatMap((block, i) => (i > 0 ? ['', ...block.lines] : block.lines));
}

/**
 * The document as CommonMark with GFM tables, strikethrough and task lists. An extension's
 * marks are written in their markdown form (their HTML unless they give delimiters:
 * markdown-inline.ts); what the editor's own content has that markdown cannot express
 * (underline, image sizes, colours, link targets) is left out; mentions become links to
 * their address. Blocks are separated by one blank line and the text ends without one.
 */
export function serializeMarkdown(doc: PMNode): string {
  return joinBlocks(childBlocks(doc)).join('\n');
}

/**
 * Parses markdown into a document of the schema. The parser (markdown-it) is loaded on
 * first use, which keeps it out of the base bundle. It rejects only for an HTML block
 * on Node without `setDOMImplementation` (see parseMarkdownNow).
 */
export async function parseMarkdown(markdown: string): Promise<PMNode> {
  const { parseMarkdownNow } = await import('./markdown-parse.js');
  return parseMarkdownNow(markdown);
}
