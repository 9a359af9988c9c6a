/**
 * Markdown in: markdown-it tokens mapped onto the editor's schema by prosemirror-markdown.
 * This module is heavy (markdown-it is ~100 KB) and is only loaded through
 * `parseMarkdown`'s dynamic import, or by callers that already paid for it.
 */
import MarkdownIt, { type Options, type Token } from 'markdown-it';
import { MarkdownParser, type ParseSpec } from 'prosemirror-markdown';
import type { Attrs, MarkType, NodeType, Node as PMNode, Schema } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { log } from '../log.js';
import { perSchema } from '../per-schema.js';
import { cleanAttrs, schema as defaultSchema, type AttrDefs } from '../schema/index.js';
import type { MarkdownRule, MarkdownSyntax, MarkdownTokenRule } from '../extensions/types.js';
import { shareMarkSets } from '../schema/shared-marks.js';
import { isNoDomError } from '../dom.js';
import { emptyDoc, parseHTML, textToDoc } from './html.js';
import { addSchemaRules, type AlertForm } from './markdown-it-rules.js';
import { addMarkRules, markTokenSpecs } from './markdown-marks.js';
import { HTML_FENCE_INFO } from './markdown.js';

/** Raw attributes through the type's cleaners, as every other parser does. */
function clean(type: NodeType | MarkType, raw: Record<string, unknown>): Attrs {
  return cleanAttrs((type.spec as { attrDefs?: AttrDefs }).attrDefs, raw);
}

/** The nodes of the schema written as GitHub alerts (see `MarkdownRule.blockquoteAlert`). */
function alertForms(schema: Schema): AlertForm[] {
  const forms: AlertForm[] = [];
  for (const type of Object.values(schema.nodes)) {
    const rule = (type.spec as { markdown?: MarkdownRule }).markdown;
    if (!rule?.blockquoteAlert) continue;
    const attr = rule.attr ?? Object.keys(type.spec.attrs ?? {})[0];
    forms.push({ node: type.name, attr, values: new Map(Object.entries(rule.blockquoteAlert).map(([value, label]) => [label.toUpperCase(), value])) });
  }
  return forms;
}

function tokenizer(schema: Schema): MarkdownIt {
  // The commonmark preset stops at 20 levels and drops whatever lies deeper, which lists
  // nested ten deep reach; 100 (markdown-it's default) still bounds the recursion. The
  // option is real but missing from @types/markdown-it.
  const options: Options & { maxNesting: number } = { html: false, linkify: false, typographer: false, maxNesting: 100 };
  const md = MarkdownIt('commonmark', options).enable(['table', 'strikethrough']);
  // The schema's rules judge every address (a refused link keeps its text, a refused image
  // is dropped: markdown-it-rules.ts), so markdown-it must not drop links first.
  md.validateLink = () => true;
  // markdown-it percent-encodes addresses; keeping them as written lets our markdown round-trip.
  md.normalizeLink = (url: string) => url;
  addMarkRules(md, schema);
  addSchemaRules(md, alertForms(schema));
  // Nodes with syntax of their own add their rules (an extension's container, say).
  for (const type of Object.values(schema.nodes)) (type.spec as { markdown?: MarkdownRule }).markdown?.syntax?.(md as unknown as MarkdownSyntax);
  md.core.ruler.push('rich_editor_html', holdHtmlFences);
  return md;
}

/** What a parse keeps beside markdown-it's tokens: the HTML of `html rich-editor` fences, by placeholder. */
interface HtmlFences {
  /** Marks this parse's placeholders, so text that merely looks like one is left alone. */
  readonly nonce: string;
  readonly html: string[];
}

/** The paragraph text standing for the `index`-th HTML fence until the document is built. */
function placeholder(fences: HtmlFences, index: number): string {
  return `\uE000${fences.nonce}:${index}\uE001`;
}

/**
 * A node markdown has no form for is written as its HTML in an `html rich-editor` fence
 * (markdown.ts). Such a fence becomes a paragraph holding a placeholder, and the HTML is
 * read through the schema once the document is built (`withHtmlFences`), cleaned like any
 * HTML, instead of loading as code.
 */
function holdHtmlFences(state: { tokens: Token[]; env: { htmlFences?: HtmlFences }; Token: new (type: string, tag: string, nesting: -1 | 0 | 1) => Token }): void {
  const fences = state.env.htmlFences;
  if (!fences) return;
  const tokens: Token[] = [];
  for (const token of state.tokens) {
    if (token.type !== 'fence' || token.info.trim() !== HTML_FENCE_INFO) {
      tokens.push(token);
      continue;
    }
    const open = new state.Token('paragraph_open', 'p', 1);
    const inline = new state.Token('inline', '', 0);
    const text = new state.Token('text', '', 0);
    text.content = placeholder(fences, fences.html.push(token.content) - 1);
    inline.children = [text];
    const close = new state.Token('paragraph_close', 'p', -1);
    for (const added of [open, inline, close]) (added.level = token.level), (added.block = true);
    tokens.push(open, inline, close);
  }
  state.tokens = tokens;
}

/** The document with each fence's placeholder paragraph replaced by the fence's HTML, read through the schema. */
function withHtmlFences(doc: PMNode, fences: HtmlFences): PMNode {
  if (!fences.html.length) return doc;
  const found: { pos: number; node: PMNode; index: number }[] = [];
  const prefix = `\uE000${fences.nonce}:`;
  doc.descendants((node, pos) => {
    if (node.type.name !== 'paragraph' && node.isTextblock) return false;
    if (!node.isTextblock) return true;
    const text = node.textContent;
    if (text.startsWith(prefix) && text.endsWith('\uE001')) {
      const index = Number(text.slice(prefix.length, -1));
      if (Number.isInteger(index) && index >= 0 && index < fences.html.length) found.push({ pos, node, index });
    }
    return false;
  });
  const tr = new Transform(doc);
  // From the end, so earlier positions stay as they were.
  for (const { pos, node, index } of found.reverse()) {
    tr.replaceWith(pos, pos + node.nodeSize, parseHTML(fences.html[index], { schema: doc.type.schema }).content);
  }
  return tr.doc;
}

/** The marks' tokens (the nodes bring theirs: `MarkdownRule.parse`). */
function markTokens(schema: Schema): Record<string, ParseSpec> {
  return {
    em: { mark: 'italic' },
    strong: { mark: 'bold' },
    s: { mark: 'strike' },
    link: { mark: 'link', getAttrs: (tok: Token) => clean(schema.marks.link, { href: tok.attrGet('href') ?? '' }) },
    code_inline: { mark: 'code', noCloseToken: true },
  };
}

/** A node's token rule with what it reads cleaned by the node's attribute kinds. */
function cleaned(schema: Schema, rule: MarkdownTokenRule): ParseSpec {
  const name = rule.block ?? rule.node;
  const type = name ? schema.nodes[name] : undefined;
  const read = rule.getAttrs;
  return read && type ? { ...rule, getAttrs: (tok: Token) => clean(type, read(tok)) } : (rule as ParseSpec);
}

/** How each markdown-it token maps onto the schema: each node's own rules, the marks', and the alert forms. */
function tokens(schema: Schema): Record<string, ParseSpec> {
  const specs: Record<string, ParseSpec> = {};
  for (const type of Object.values(schema.nodes)) {
    const rules = (type.spec as { markdown?: MarkdownRule }).markdown?.parse;
    for (const [token, rule] of Object.entries(rules ?? {})) specs[token] = cleaned(schema, rule);
  }
  for (const form of alertForms(schema)) {
    specs[form.node] = { block: form.node, getAttrs: (tok: Token) => clean(schema.nodes[form.node], { [form.attr]: tok.attrGet(form.attr) }) };
  }
  return { ...specs, ...markTokenSpecs(schema), ...markTokens(schema) };
}

function createParser(schema: Schema): MarkdownParser {
  return new MarkdownParser(schema, tokenizer(schema), tokens(schema));
}

/** Built once per schema; a parser holds no per-parse state. */
const parserFor = perSchema(createParser);

/**
 * Parses markdown into a document of the schema, synchronously. Every attribute goes
 * through the schema's cleaners; input that cannot be parsed is loaded as plain
 * paragraphs (and logged). It throws only where an HTML block must be read and there is
 * no DOM to read it with (Node without `setDOMImplementation`), naming that function.
 */
export function parseMarkdownNow(markdown: string, schema: Schema = defaultSchema): PMNode {
  if (typeof markdown !== 'string' || !markdown.trim()) return emptyDoc(schema);
  try {
    const fences: HtmlFences = { nonce: Math.random().toString(36).slice(2, 10), html: [] };
    const doc = withHtmlFences(parserFor(schema).parse(markdown, { htmlFences: fences }), fences);
    doc.check();
    return shareMarkSets(doc);
  } catch (error) {
    if (isNoDomError(error)) throw error;
    log.warn('Markdown could not be parsed; it was loaded as plain text', error);
    return textToDoc(markdown, schema);
  }
}
