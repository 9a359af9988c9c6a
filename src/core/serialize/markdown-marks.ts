/**
 * Markdown in for the marks markdown has no syntax for (a host's highlight, say), as
 * markdown-inline.ts writes them: between the delimiters their definition gives (`==…==`),
 * or inside their own HTML tags (`<mark>…</mark>`, the default). Either becomes a pair of
 * `rich_editor_mark_<name>` tokens, which prosemirror-markdown maps onto the mark. Loaded
 * with the markdown parser.
 */
import type { MarkdownIt, StateCore, StateInline, Token } from 'markdown-it';
import type { Mark, MarkType, Node as PMNode, Schema } from 'prosemirror-model';
import type { ParseSpec } from 'prosemirror-markdown';
import { cleanAttrs, type AttrDefs } from '../schema/attrs.js';
import { parseHTML } from './html.js';
import { markdownForm, PUNCTUATION, WHITESPACE } from './markdown-inline.js';

const TOKEN = 'rich_editor_mark_';

/** A mark written between delimiters. */
interface Delimited {
  readonly type: MarkType;
  readonly open: string;
  readonly close: string;
}

/** The schema's marks written between delimiters (longest opening first), and those written as HTML. */
function formsOf(schema: Schema): { delimited: Delimited[]; html: Set<MarkType> } {
  const delimited: Delimited[] = [];
  const html = new Set<MarkType>();
  for (const type of Object.values(schema.marks)) {
    const form = markdownForm(type);
    if (typeof form === 'object') delimited.push({ type, ...form });
    else if (form === 'html') html.add(type);
  }
  delimited.sort((a, b) => b.open.length - a.open.length);
  return { delimited, html };
}

/** The character before `pos` (a whole code point), or a space at the start. */
function before(src: string, pos: number): string {
  return Array.from(src.slice(Math.max(0, pos - 2), pos)).pop() ?? ' ';
}

/** The character at `pos` (a whole code point), or a space at the end. */
function at(src: string, pos: number): string {
  return String.fromCodePoint(src.codePointAt(pos) ?? 32);
}

const isWhite = (ch: string) => WHITESPACE.test(ch);
const isPunct = (ch: string) => PUNCTUATION.test(ch);

/**
 * Whether a delimiter between `prev` and `next` may open (or, `open` false, close) a span: as
 * CommonMark says for `*` runs, it stands against the span's content, and where that is
 * punctuation it stands apart from the text outside. So `c++ and c++` stays text where `++`
 * marks inserted text; markdown-inline.ts writes white space at a span's edge, and a letter
 * that would touch it, as character references.
 */
function flanks(prev: string, next: string, open: boolean): boolean {
  const [inner, outer] = open ? [next, prev] : [prev, next];
  return !isWhite(inner) && (!isPunct(inner) || isWhite(outer) || isPunct(outer));
}

/**
 * Where `close` ends the span whose content starts at `from`, or -1 when it does not or the
 * span would be empty. What lies between is skipped a whole token at a time (an escape, a code
 * span, a link, a span of another mark), as markdown-it finds a link's closing bracket, so a
 * delimiter inside those never ends the span. A span may end right after a line break.
 */
function closingAt(state: StateInline, from: number, close: string): number {
  const { src } = state;
  const start = state.pos;
  let found = -1;
  state.pos = from;
  while (state.pos < state.posMax) {
    const pos = state.pos;
    const ends = pos + close.length <= state.posMax && src.startsWith(close, pos);
    if (ends && pos > from && (src.endsWith('\\\n', pos) || flanks(before(src, pos), at(src, pos + close.length), false))) {
      found = pos;
      break;
    }
    state.md.inline.skipToken(state);
  }
  state.pos = start;
  return found;
}

/** The inline rule that reads a span between a mark's delimiters, its content parsed as markdown. */
function delimitedRule(forms: readonly Delimited[]) {
  return (state: StateInline, silent: boolean): boolean => {
    const start = state.pos;
    for (const { type, open, close } of forms) {
      if (!state.src.startsWith(open, start) || !flanks(before(state.src, start), at(state.src, start + open.length), true)) continue;
      const end = closingAt(state, start + open.length, close);
      if (end < 0) continue;
      if (!silent) {
        const max = state.posMax;
        state.push(`${TOKEN}${type.name}_open`, '', 1);
        state.pos = start + open.length;
        state.posMax = end;
        state.md.inline.tokenize(state);
        state.posMax = max;
        state.push(`${TOKEN}${type.name}_close`, '', -1);
      }
      state.pos = end + close.length;
      return true;
    }
    return false;
  };
}

const OPENING_TAG = /^<([a-z][a-z0-9-]*)(?:\s[^>]*)?>$/i;
const CLOSING_TAG = /^<\/([a-z][a-z0-9-]*)\s*>$/i;

/**
 * The core rule that turns each pair of HTML tags around text into the marks the schema reads
 * from them, when those are marks written as HTML: the tags are read as pasted HTML is, through
 * the schema's parse rules and the attributes' cleaners, so they bring nothing else. Any other
 * inline HTML stays the text it was when markdown-it read no HTML.
 */
function htmlMarksRule(schema: Schema, types: ReadonlySet<MarkType>) {
  return (state: StateCore): void => {
    // Per parse: a tag's marks (its attributes are the host's, so not kept longer).
    const known = new Map<string, readonly Mark[]>();
    const marksOf = (tag: string, name: string): readonly Mark[] => {
      let marks = known.get(tag);
      if (!marks) {
        let text: PMNode | null = null;
        parseHTML(`${tag}x</${name}>`, { schema }).descendants((node) => {
          text ??= node.isText ? node : null;
          return !text;
        });
        known.set(tag, (marks = (text as PMNode | null)?.marks.filter((mark) => types.has(mark.type)) ?? []));
      }
      return marks;
    };
    const asText = (token: Token) => {
      if (token.type === 'html_inline') token.type = 'text';
      return [token];
    };
    for (const block of state.tokens) {
      const children = block.type === 'inline' ? block.children : null;
      if (!children?.some((child) => child.type === 'html_inline' || child.children)) continue;
      const out = children.map((child) => {
        child.children?.forEach(asText);
        return [child];
      });
      const open: Array<{ at: number; name: string }> = [];
      children.forEach((child, at) => {
        if (child.type !== 'html_inline') return;
        const opening = OPENING_TAG.exec(child.content);
        const name = (opening ?? CLOSING_TAG.exec(child.content))?.[1].toLowerCase();
        if (opening) open.push({ at, name: name! });
        else if (name && open[open.length - 1]?.name === name) {
          const opener = open.pop()!;
          const marks = marksOf(children[opener.at].content, name);
          if (!marks.length) return;
          const pair = (mark: Mark, nesting: 1 | -1) => {
            const token = new state.Token(`${TOKEN}${mark.type.name}_${nesting > 0 ? 'open' : 'close'}`, '', nesting);
            token.meta = mark.attrs;
            return token;
          };
          out[opener.at] = marks.map((mark) => pair(mark, 1));
          out[at] = marks.map((mark) => pair(mark, -1)).reverse();
        }
      });
      block.children = out.flatMap((tokens) => (tokens.length === 1 ? asText(tokens[0]) : tokens));
    }
  };
}

/** Adds the rules that read the schema's marks of these forms (before the rules that reshape tokens, so the marks are in place for them). */
export function addMarkRules(md: MarkdownIt, schema: Schema): void {
  const { delimited, html } = formsOf(schema);
  if (delimited.length) md.inline.ruler.before('emphasis', 'rich_editor_delimited_marks', delimitedRule(delimited));
  if (!html.size) return;
  // Inline tags only: an HTML block stays text, as before.
  md.set({ html: true }).disable('html_block');
  md.core.ruler.push('rich_editor_html_marks', htmlMarksRule(schema, html));
}

/** How the marks' tokens map onto the schema: the attributes a tag gave, or a delimited mark's defaults. */
export function markTokenSpecs(schema: Schema): Record<string, ParseSpec> {
  const specs: Record<string, ParseSpec> = {};
  const { delimited, html } = formsOf(schema);
  for (const type of [...delimited.map((form) => form.type), ...html]) {
    const defs = (type.spec as { attrDefs?: AttrDefs }).attrDefs;
    specs[`${TOKEN}${type.name}`] = { mark: type.name, getAttrs: (token: Token) => (token.meta as Record<string, unknown> | null) ?? cleanAttrs(defs, {}) };
  }
  return specs;
}
