/** Markdown out for text blocks: words, marks, links, code spans and mentions, escaped and kept valid by CommonMark's emphasis rules. */
import { Fragment, type Mark, type MarkType, type Node as PMNode, type Schema } from 'prosemirror-model';
import type { MarkMarkdown } from '../extensions/types.js';
import { perSchema } from '../per-schema.js';
import { writeFragmentHTML } from './html-writer.js';

/** CommonMark's Unicode whitespace (as markdown-it reads it): emphasis may not sit against it on the inside. */
export const WHITESPACE = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/;
/** CommonMark 0.31's punctuation: Unicode P and S classes, as markdown-it 14 reads them. */
export const PUNCTUATION = /[\p{P}\p{S}]/u;

/** One piece of a text block: a word, a whitespace run, a break, a code span or a mention. */
interface Unit {
  kind: 'word' | 'space' | 'break' | 'code' | 'mention';
  text: string;
  marks: readonly Mark[];
  href?: string;
}

/** A piece of markdown: escaped text, literal syntax, or an emphasis delimiter run. */
type Piece =
  | { kind: 'text' | 'raw'; md: string }
  | { kind: 'delim'; md: string; ch: string; open: boolean };

/** How many delimiter characters each emphasis mark takes (`**`, `*`/`_`, `~~`). */
const DELIMITER_LENGTH: Record<string, number> = { bold: 2, italic: 1, strike: 2 };

function isEmphasis(mark: Mark): boolean {
  return DELIMITER_LENGTH[mark.type.name] !== undefined;
}

/** Whether markdown writes the mark in its own syntax (emphasis, a link); not a host's tags or delimiters. */
function isOwn(mark: Mark): boolean {
  return isEmphasis(mark) || mark.type.name === 'link';
}

/** How a mark is written: in markdown's own syntax (the editor's bold, italic, strike, link and code), or as its spec says (its HTML by default). */
export function markdownForm(type: MarkType): MarkMarkdown | 'own' {
  return DELIMITER_LENGTH[type.name] || type.name === 'link' || type.name === 'code' ? 'own' : ((type.spec.markdown as MarkMarkdown | undefined) ?? 'html');
}

/**
 * What stands before and after text with a mark of a host's: its delimiters, or its HTML's
 * tags (written by the HTML writer around a stand-in character). Marks markdown has no
 * syntax for are written as HTML by default because CommonMark keeps inline HTML as it is,
 * so nothing is lost, and the editor's reader takes the tags back through the mark's parse
 * rules. Kept per mark: parsed documents share one Mark per type and attributes.
 */
const markup = new WeakMap<Mark, readonly string[]>();

function markupOf(mark: Mark): readonly string[] {
  let known = markup.get(mark);
  if (!known) {
    const form = markdownForm(mark.type);
    // The HTML writer's tags around a stand-in character (the last one: an attribute may hold it too).
    const html = typeof form === 'object' ? '' : writeFragmentHTML(Fragment.from(mark.type.schema.text('\uE000', [mark])));
    const at = html.lastIndexOf('\uE000');
    known = typeof form === 'object' ? [form.open, form.close] : [html.slice(0, at), html.slice(at + 1)];
    markup.set(mark, known);
  }
  return known;
}

/**
 * The piece that opens or closes an emphasis mark or a host's: its delimiter run, or its tag.
 * A host's delimiters follow emphasis's flanking rules (fixFlanking), as the reader asks
 * (markdown-marks.ts), so `c++ and c++` stays text where `++` marks inserted text.
 */
function piece(mark: Mark, ch: string, open: boolean): Piece {
  if (isEmphasis(mark)) return { kind: 'delim', md: ch.repeat(DELIMITER_LENGTH[mark.type.name]), ch, open };
  const md = markupOf(mark)[open ? 0 : 1];
  return typeof markdownForm(mark.type) === 'object' ? { kind: 'delim', md, ch: md, open } : { kind: 'raw', md };
}

/** The characters the schema's marks' delimiters start with, escaped in text so it never reads as one (`a\=b`). */
const delimiterStarts = perSchema((schema: Schema) =>
  Object.values(schema.marks)
    .map((type) => {
      const form = markdownForm(type);
      return typeof form === 'object' ? form.open[0] + form.close[0] : '';
    })
    .join(''),
);

/** A text's leading and trailing whitespace as units of their own (marks only change between text nodes). */
function splitEdges(text: string, marks: readonly Mark[]): Unit[] {
  let start = 0;
  let end = text.length;
  while (start < end && WHITESPACE.test(text[start])) start++;
  while (end > start && WHITESPACE.test(text[end - 1])) end--;
  const parts: Unit[] = [];
  if (start > 0) parts.push({ kind: 'space', text: text.slice(0, start), marks });
  if (end > start) parts.push({ kind: 'word', text: text.slice(start, end), marks });
  if (end < text.length && end > start) parts.push({ kind: 'space', text: text.slice(end), marks });
  return parts;
}

/** Splits a text block into units; markdown has no underline, so only links and emphasis stay. */
function unitsOf(block: PMNode, breaksAsSpaces: boolean): Unit[] {
  const units: Unit[] = [];
  block.forEach((child) => {
    // Code is a unit of its own (below); a mark whose form is text is left out.
    const marks = child.marks.filter((mark) => isOwn(mark) || !['own', 'text'].includes(markdownForm(mark.type) as string));
    if (child.isText) {
      const text = (child.text ?? '').replace(/\r\n?|\n/g, ' ');
      if (child.marks.some((mark) => mark.type.name === 'code')) units.push({ kind: 'code', text, marks: [] });
      else units.push(...splitEdges(text, marks));
    } else if (child.type.name === 'hard_break') {
      units.push({ kind: breaksAsSpaces ? 'space' : 'break', text: ' ', marks });
    } else if (child.type.name === 'mention') {
      const label = (child.attrs.label as string | null) ?? '';
      units.push({ kind: 'mention', text: `@${label}`, marks, href: String(child.attrs.redirect_uri ?? '/') });
    } else if (child.textContent) {
      units.push({ kind: 'word', text: child.textContent, marks });
    }
  });
  return units;
}

/** A hard break: a backslash at the end of the line. */
const BREAK = '\\\n';

const isGap = (unit: Unit) => unit.kind === 'space' || unit.kind === 'break';

/**
 * Markdown drops whitespace at the start and end of a line and has no break at the end
 * of a block; emphasis may not begin or end inside whitespace (`** a**` is not bold),
 * so a gap keeps an emphasis mark only when the words on both sides have it.
 */
function tidy(units: Unit[]): Unit[] {
  // Spaces inside a link's brackets are kept where they stand.
  const loose = (unit: Unit) => unit.kind === 'break' || (unit.kind === 'space' && !unit.marks.some((mark) => mark.type.name === 'link'));
  const out: Unit[] = [];
  for (const unit of units) {
    const lineStart = !out.length || out[out.length - 1].kind === 'break';
    if (!(lineStart && unit.kind === 'space' && loose(unit))) out.push(unit);
  }
  while (out.length && loose(out[out.length - 1])) out.pop();
  // The nearest word before each unit, then (walking back) after it.
  const before: Array<Unit | undefined> = [];
  for (let i = 1; i < out.length; i++) before[i] = isGap(out[i - 1]) ? before[i - 1] : out[i - 1];
  let after: Unit | undefined;
  for (let i = out.length - 1; i >= 0; i--) {
    const unit = out[i];
    if (!isGap(unit)) after = unit;
    else out[i] = { ...unit, marks: unit.marks.filter((mark) => !isEmphasis(mark) || bothHave(before[i], after, mark)) };
  }
  return out;
}

function bothHave(a: Unit | undefined, b: Unit | undefined, mark: Mark): boolean {
  return !!a && !!b && mark.isInSet(a.marks) && mark.isInSet(b.marks);
}

/** Escapes what markdown would read as syntax; `lineStart` adds the block markers, `delimiters` the schema's marks' own. */
export function escapeText(text: string, lineStart: boolean, delimiters = ''): string {
  let md = text.replace(/[\\*_~`[\]<>#]/g, '\\$&').replace(/&(?=#?[0-9a-z]+;)/gi, '\\&');
  if (delimiters) md = md.replace(/[=+:^{}$%@]/g, (ch) => (delimiters.includes(ch) ? `\\${ch}` : ch));
  if (lineStart) md = md.replace(/^[-+=:|]/, '\\$&').replace(/^(\d{1,9})([.)])/, '$1\\$2');
  return md;
}

/** A link or image destination: `<…>` when it holds spaces, escaped either way, never re-encoded. */
export function destination(url: string): string {
  const escaped = url.replace(/[\\<>()]/g, '\\$&').replace(/&(?=#?[0-9a-z]+;)/gi, '\\&');
  // eslint-disable-next-line no-control-regex
  return /[\s\u0000-\u001f\u007f]/.test(url) ? `<${escaped}>` : escaped;
}

/** A code span: a backtick run longer than any inside, padded when the content would lose a space or merge with it. */
export function codeSpan(text: string): string {
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  const pad = /^`|`$/.test(text) || (/^ [^]* $/.test(text) && /[^ ]/.test(text)) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** For each unit, how many units from it on carry each of its marks (aligned with `marks`). */
function extents(units: readonly Unit[]): number[][] {
  const out: number[][] = [];
  for (let i = units.length - 1; i >= 0; i--) {
    const next = units[i + 1];
    out[i] = units[i].marks.map((mark) => {
      const at = next ? next.marks.findIndex((other) => other.eq(mark)) : -1;
      return 1 + (at >= 0 ? out[i + 1][at] : 0);
    });
  }
  return out;
}

/** The longest run of `ch` in the text (fences and code spans must be longer). */
export function longestRun(text: string, ch: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

function firstChar(piece: Piece | undefined): string {
  return piece ? String.fromCodePoint(piece.md.codePointAt(0) ?? 32) : ' ';
}

function lastChar(piece: Piece | undefined): string {
  return piece ? (Array.from(piece.md.slice(-2)).pop() ?? ' ') : ' ';
}

const bordersSafely = (ch: string) => WHITESPACE.test(ch) || PUNCTUATION.test(ch);

/** Writes the first (or last) character of a text piece as a numeric character reference. */
function encodeEdge(piece: Piece, first: boolean): true {
  const ch = first ? firstChar(piece) : lastChar(piece);
  const ref = `&#${ch.codePointAt(0)};`;
  piece.md = first ? ref + piece.md.slice(ch.length) : piece.md.slice(0, -ch.length) + ref;
  return true;
}

/**
 * CommonMark's flanking rules: `a**(b)**` is not bold, because an opener followed by
 * punctuation must follow whitespace or punctuation. When a delimiter run would fail
 * them, the letter beside it is written as a character reference, which markdown
 * reads as punctuation for flanking and as the letter in the text. `_` runs (used
 * where `*` would merge with a neighbouring run) also need that outside intraword.
 */
function fixFlanking(pieces: Piece[]): void {
  // Encoding one character can make a neighbouring run need another, so repeat until stable.
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < pieces.length; ) {
      const run = pieces[i];
      let end = i + 1;
      if (run.kind !== 'delim') {
        i = end;
        continue;
      }
      while (end < pieces.length && pieces[end].kind === 'delim' && (pieces[end] as { ch: string }).ch === run.ch) end++;
      const inner = run.open ? pieces[end] : pieces[i - 1];
      const outer = run.open ? pieces[i - 1] : pieces[end];
      const innerChar = () => (run.open ? firstChar(inner) : lastChar(inner));
      // A mark that reopens on a space (another mark ended there) needs that space encoded.
      if (inner?.kind === 'text' && WHITESPACE.test(innerChar())) changed = encodeEdge(inner, run.open);
      const strict = run.ch === '_' || PUNCTUATION.test(innerChar());
      const ch = run.open ? lastChar(outer) : firstChar(outer);
      if (strict && !bordersSafely(ch) && outer?.kind === 'text') changed = encodeEdge(outer, !run.open);
      i = end;
    }
  }
  // `!` before a link's `[` would make it an image.
  pieces.forEach((piece, i) => {
    const before = pieces[i - 1];
    if (piece.kind === 'raw' && piece.md.startsWith('[') && before?.kind === 'text' && before.md.endsWith('!')) {
      before.md = `${before.md.slice(0, -1)}\\!`;
    }
  });
}

/**
 * `*` or `_` for a new bold or italic run. A run right after a closing run of the same
 * character would merge with it, and a run that reads as both opening and closing
 * (`)**&#32;`) would close an enclosing span of its character; so each avoids both.
 */
function emphasisChar(stack: ReadonlyArray<{ ch: string }>, last: Piece | undefined): string {
  const merges = last?.kind === 'delim' && !last.open ? last.ch : null;
  return ['*', '_'].find((ch) => ch !== merges && !stack.some((entry) => entry.ch === ch)) ?? (merges === '*' ? '_' : '*');
}

/**
 * Renders units with their marks. Marks nest as a stack; a mark that ends below others
 * closes them and they reopen.
 */
function renderUnits(units: readonly Unit[], table: boolean, delimiters: string): string {
  const pieces: Piece[] = [];
  const stack: Array<{ mark: Mark; ch: string }> = [];
  const lengths = extents(units);
  const close = ({ mark, ch }: { mark: Mark; ch: string }) => {
    if (mark.type.name === 'link') pieces.push({ kind: 'raw', md: `](${destination(String(mark.attrs.href ?? ''))})` });
    else pieces.push(piece(mark, ch, false));
  };
  units.forEach((unit, i) => {
    let keep = 0;
    while (keep < stack.length && stack[keep].mark.isInSet(unit.marks)) keep++;
    // A host's marks stay innermost: they close and reopen around markdown's own marks opening
    // inside them, so emphasis never closes or reopens for theirs (after a line break it could not).
    const hostAt = stack.findIndex((entry) => !isOwn(entry.mark));
    if (hostAt >= 0 && hostAt < keep && unit.marks.some((mark) => isOwn(mark) && !mark.isInSet(stack.map((entry) => entry.mark)))) keep = hostAt;
    while (stack.length > keep) close(stack.pop()!);
    const opening = unit.marks
      .map((mark, at) => ({ mark, length: lengths[i][at] + (mark.type.name === 'link' ? 0.5 : 0) }))
      .filter(({ mark }) => !stack.some((entry) => entry.mark.eq(mark)))
      .sort((a, b) => Number(isOwn(b.mark)) - Number(isOwn(a.mark)) || b.length - a.length);
    for (const { mark } of opening) {
      const ch = mark.type.name === 'strike' ? '~' : isEmphasis(mark) ? emphasisChar(stack, pieces[pieces.length - 1]) : '';
      stack.push({ mark, ch });
      pieces.push(mark.type.name === 'link' ? { kind: 'raw', md: '[' } : piece(mark, ch, true));
    }
    const last = pieces[pieces.length - 1];
    const inLink = stack.some((entry) => entry.mark.type.name === 'link');
    if (unit.kind === 'break') pieces.push({ kind: 'raw', md: BREAK });
    else if (unit.kind === 'code') pieces.push({ kind: 'raw', md: codeSpan(unit.text) });
    else if (unit.kind === 'mention' && !inLink) pieces.push({ kind: 'raw', md: `[${escapeText(unit.text, false, delimiters)}](${destination(unit.href ?? '/')})` });
    // Text beside text (their marks differ only in what markdown drops) is one run: escaped
    // apart, `1` and `. item` would start a list, `&` and `amp;` would read as `&`.
    else if (last?.kind === 'text') last.md += unit.text;
    else pieces.push({ kind: 'text', md: unit.text });
  });
  while (stack.length) close(stack.pop()!);
  pieces.forEach((piece, i) => {
    if (piece.kind === 'text') piece.md = escapeText(piece.md, !table && (!i || pieces[i - 1].md === BREAK), delimiters);
  });
  fixFlanking(pieces);
  return pieces.map((piece) => piece.md).join('');
}

/** A text block as one line of inline markdown for a GFM table cell (breaks become spaces). */
export function cellInline(block: PMNode): string {
  return renderUnits(tidy(unitsOf(block, true)), true, delimiterStarts(block.type.schema));
}

/** A text block's inline content as markdown lines (hard breaks end lines with `\`). */
export function inlineLines(block: PMNode, breaksAsSpaces = false): string[] {
  const md = renderUnits(tidy(unitsOf(block, breaksAsSpaces)), false, delimiterStarts(block.type.schema));
  return md ? md.split('\n') : [];
}
