/**
 * markdown-it core rules that reshape its token stream into the editor's schema before
 * prosemirror-markdown builds nodes from it: table cells hold paragraphs, GFM task
 * lists become task lists, images (blocks in our schema) leave their paragraphs, and
 * links to refused addresses become their text.
 */
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { safeImageSrc, safeLinkHref } from '../url.js';

/** Table cells in markdown hold inline content; ours hold paragraphs. */
function wrapCellContent(state: StateCore): void {
  const out: Token[] = [];
  state.tokens.forEach((token, i) => {
    const previous = state.tokens[i - 1];
    if (token.type !== 'inline' || (previous?.type !== 'th_open' && previous?.type !== 'td_open')) {
      out.push(token);
      return;
    }
    const open = new state.Token('paragraph_open', 'p', 1);
    const close = new state.Token('paragraph_close', 'p', -1);
    open.block = close.block = true;
    open.level = close.level = token.level;
    token.level += 1;
    out.push(open, token, close);
  });
  state.tokens = out;
}

/** The `[ ] `/`[x] ` that starts a GFM task item (as written, before escapes are read). */
const TASK_MARKER = /^\[([ xX])\](?:[ \t]+|$)/;

/** For the item opened at `index`: its checkbox state and marker length, or `null` if it is no task item. */
function taskState(tokens: readonly Token[], index: number): { checked: boolean; length: number } | null {
  const paragraph = tokens[index + 1];
  const inline = tokens[index + 2];
  if (paragraph?.type !== 'paragraph_open' || inline?.type !== 'inline') return null;
  const match = TASK_MARKER.exec(inline.content);
  const first = inline.children?.[0];
  if (!match || first?.type !== 'text' || !first.content.startsWith(match[0].trimEnd())) return null;
  return { checked: match[1] !== ' ', length: match[0].length };
}

/** Strips the task marker from the start of an item's inline content. */
function stripMarker(inline: Token, length: number): void {
  inline.content = inline.content.slice(length);
  const children = inline.children ?? [];
  const first = children[0];
  first.content = first.content.slice(length).replace(/^[ \t]+/, '');
  if (!first.content) children.shift();
}

/** A bullet list whose every item starts with `[ ] ` or `[x] ` is a task list (GFM). */
function taskLists(state: StateCore): void {
  const tokens = state.tokens;
  tokens.forEach((list, start) => {
    if (list.type !== 'bullet_list_open') return;
    const items: number[] = [];
    let end = start + 1;
    for (; end < tokens.length && !(tokens[end].type === 'bullet_list_close' && tokens[end].level === list.level); end++) {
      if (tokens[end].level === list.level + 1 && tokens[end].type === 'list_item_open') items.push(end);
    }
    const states = items.map((index) => taskState(tokens, index));
    if (!states.length || states.some((s) => s === null)) return;
    list.type = 'task_list_open';
    if (end < tokens.length) tokens[end].type = 'task_list_close';
    items.forEach((index, i) => {
      const { checked, length } = states[i]!;
      tokens[index].type = 'task_item_open';
      tokens[index].attrSet('checked', String(checked));
      stripMarker(tokens[index + 2], length);
    });
    for (let i = start + 1; i < end; i++) {
      if (tokens[i].type === 'list_item_close' && tokens[i].level === list.level + 1) tokens[i].type = 'task_item_close';
    }
  });
}

const isBreak = (token: Token) => token.type === 'softbreak' || token.type === 'hardbreak';
const isContent = (token: Token) => token.nesting === 0;
const isImage = (token: Token) => token.type === 'image';

/** Inline tokens without breaks or spaces at either end, as any block's content starts and ends. */
function trimEdges(tokens: readonly Token[]): Token[] {
  const list = tokens.filter((token) => !(token.type === 'text' && !token.content));
  for (const fromStart of [true, false]) {
    for (;;) {
      const index = fromStart ? list.findIndex(isContent) : list.length - 1 - [...list].reverse().findIndex(isContent);
      const token = list[index];
      if (token?.type === 'text') token.content = fromStart ? token.content.replace(/^[ \t]+/, '') : token.content.replace(/[ \t]+$/, '');
      if (!token || !(isBreak(token) || (token.type === 'text' && !token.content))) break;
      list.splice(index, 1);
    }
  }
  return list;
}

/**
 * Splits a text block's inline tokens at its images: the text before and after stays in
 * blocks like the original (marks closed and reopened around the cut), the images
 * stand between them.
 */
function splitAtImages(state: StateCore, opener: Token, inline: Token, closer: Token): Token[] {
  const out: Token[] = [];
  const openMarks: Token[] = [];
  let piece: Token[] = [];
  const flush = () => {
    piece = trimEdges(piece);
    if (!piece.some(isContent)) return;
    const part = new state.Token('inline', '', 0);
    part.children = piece;
    part.level = inline.level;
    out.push(opener, part, closer);
  };
  for (const child of inline.children ?? []) {
    if (!isImage(child)) {
      if (child.nesting === 1) openMarks.push(child);
      if (child.nesting === -1) openMarks.pop();
      piece.push(child);
      continue;
    }
    piece.push(...openMarks.map((mark) => new state.Token(mark.type.replace(/_open$/, '_close'), mark.tag, -1)).reverse());
    flush();
    piece = [...openMarks];
    out.push(child);
  }
  flush();
  return out;
}

/**
 * Our images are blocks: lift them out of the paragraphs (and headings) markdown puts
 * them in. Images with an unsafe address go first, and header cells (paragraphs only)
 * lose all theirs; where that leaves no image, the text block stays whole.
 */
function liftImages(state: StateCore): void {
  const out: Token[] = [];
  let inHeaderCell = false;
  for (let i = 0; i < state.tokens.length; i++) {
    const token = state.tokens[i];
    if (token.type === 'th_open' || token.type === 'th_close') inHeaderCell = token.type === 'th_open';
    const children = token.children ?? [];
    if (token.type !== 'inline' || !children.some(isImage) || !out.length) {
      out.push(token);
      continue;
    }
    const kept = children.filter((child) => !isImage(child) || (!inHeaderCell && safeImageSrc(child.attrGet('src'))));
    if (!kept.some(isImage)) {
      token.children = trimEdges(kept);
      out.push(token);
      continue;
    }
    token.children = kept;
    const opener = out.pop()!;
    const closer = state.tokens[++i];
    out.push(...splitAtImages(state, opener, token, closer));
  }
  state.tokens = out;
}

/** A link to an address the schema refuses (javascript:, mailto:, relative…) keeps its text and loses the link. */
function refusedLinks(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children?.some((child) => child.type === 'link_open')) continue;
    let dropping = false;
    token.children = token.children.filter((child) => {
      if (child.type === 'link_open') dropping = safeLinkHref(child.attrGet('href')) === null;
      else if (child.type === 'link_close') {
        const drop = dropping;
        dropping = false;
        return !drop;
      }
      return !(child.type === 'link_open' && dropping);
    });
  }
}

/** A node written as a GitHub alert (`> [!NOTE]`): its name, the attribute the label sets, and label to value. */
export interface AlertForm {
  node: string;
  attr: string;
  /** Upper-case label to attribute value (`NOTE` to `info`). */
  values: ReadonlyMap<string, string>;
}

/** The index of the token closing the block opened at `open` (same level, matching type). */
function closingIndex(tokens: readonly Token[], open: number): number {
  const close = tokens[open].type.replace(/_open$/, '_close');
  for (let i = open + 1; i < tokens.length; i++) if (tokens[i].type === close && tokens[i].level === tokens[open].level) return i;
  return -1;
}

/** Quotes that start with `[!LABEL]` become the node whose alert form uses that label, the label gone. */
function alerts(forms: readonly AlertForm[]) {
  return (state: StateCore): void => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== 'blockquote_open' || tokens[i + 1]?.type !== 'paragraph_open' || tokens[i + 2]?.type !== 'inline') continue;
      const inline = tokens[i + 2];
      const marker = /^\[!([A-Za-z]+)\][ \t]*(?:\n|$)/.exec(inline.content);
      if (!marker) continue;
      const label = marker[1].toUpperCase();
      const form = forms.find((candidate) => candidate.values.has(label));
      if (!form) continue;
      const close = closingIndex(tokens, i);
      if (close < 0) continue;
      tokens[i].type = `${form.node}_open`;
      tokens[i].attrSet(form.attr, form.values.get(label)!);
      tokens[close].type = `${form.node}_close`;
      inline.content = inline.content.slice(marker[0].length);
      const children = inline.children ?? [];
      children.shift();
      if (children[0] && (children[0].type === 'softbreak' || children[0].type === 'hardbreak')) children.shift();
      if (!inline.content.trim()) tokens.splice(i + 1, 3);
    }
  };
}

/** Adds the rules that shape markdown-it's tokens into the editor's schema (and the alert forms of its extensions' nodes). */
export function addSchemaRules(md: MarkdownIt, alertForms: readonly AlertForm[] = []): void {
  if (alertForms.length) md.core.ruler.push('rich_editor_alerts', alerts(alertForms));
  md.core.ruler.push('rich_editor_table_cells', wrapCellContent);
  md.core.ruler.push('rich_editor_task_lists', taskLists);
  md.core.ruler.push('rich_editor_block_images', liftImages);
  md.core.ruler.push('rich_editor_refused_links', refusedLinks);
}
