/**
 * Markdown in: markdown-it tokens mapped onto the editor's schema by prosemirror-markdown.
 * This module is heavy (markdown-it is ~100 KB) and is only loaded through
 * `parseMarkdown`'s dynamic import, or by callers that already paid for it.
 */
import MarkdownIt, { type Options, type Token } from 'markdown-it';
import { MarkdownParser, type ParseSpec } from 'prosemirror-markdown';
import type { Attrs, MarkType, NodeType, Node as PMNode, Schema } from 'prosemirror-model';
import { log } from '../log.js';
import { perSchema } from '../per-schema.js';
import { cleanAttrs, schema as defaultSchema, type AttrDefs } from '../schema/index.js';
import type { MarkdownRule, MarkdownTokenRule } from '../extensions/types.js';
import { shareMarkSets } from '../schema/shared-marks.js';
import { isNoDomError } from '../dom.js';
import { emptyDoc, parseHTML, textToDoc } from './html.js';
import { addSchemaRules, type AlertForm } from './markdown-it-rules.js';
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
  addSchemaRules(md, alertForms(schema));
  return md;
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
  return { ...specs, ...markTokens(schema) };
}

/** The part of prosemirror-markdown's parse state a token handler uses. */
interface ParseState {
  addText(text: string): void;
  push(node: PMNode): void;
}

function createParser(schema: Schema): MarkdownParser {
  const parser = new MarkdownParser(schema, tokenizer(schema), tokens(schema));
  // A soft line break is a space in the text (CommonMark renders it as one); only
  // hard breaks become hard_break nodes. tokenHandlers is not in the typings.
  const handlers = (parser as unknown as { tokenHandlers: Record<string, (state: ParseState, tok: Token) => void> }).tokenHandlers;
  handlers.softbreak = (state) => state.addText(' ');
  // A node markdown has no form for was written as its HTML in an `html rich-editor`
  // fence: read back through the schema (cleaned like any HTML), not as code.
  const fence = handlers.fence;
  handlers.fence = (state, tok) => {
    if (tok.info.trim() !== HTML_FENCE_INFO) return fence(state, tok);
    parseHTML(tok.content, { schema }).forEach((node) => state.push(node));
  };
  return parser;
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
    const doc = parserFor(schema).parse(markdown);
    doc.check();
    return shareMarkSets(doc);
  } catch (error) {
    if (isNoDomError(error)) throw error;
    log.warn('Markdown could not be parsed; it was loaded as plain text', error);
    return textToDoc(markdown, schema);
  }
}
