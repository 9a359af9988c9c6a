/**
 * Lazy syntax highlighting of code blocks, as ProseMirror inline decorations (the
 * text ProseMirror owns is never rewritten). The highlighter is fetched with
 * `import()` the first time a code block with a language other than plaintext is
 * shown; after that, each transaction re-highlights only the code blocks it touched.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type EditorState, type Transaction } from 'prosemirror-state';
import { AttrStep } from 'prosemirror-transform';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { log } from '../../core/log.js';

/** A class range over a code block's text, in offsets from the start of its text. */
export interface HighlightToken {
  from: number;
  to: number;
  className: string;
}

/** Turns code into class ranges; `null` when the language is not one it knows. */
export interface Highlighter {
  highlight(language: string, code: string): HighlightToken[] | null;
}

/** The highlighting plugin's state: the highlighter once loaded, and the token decorations. */
export interface HighlightState {
  readonly highlighter: Highlighter | null;
  readonly decorations: DecorationSet;
}

/** The highlighting plugin's key. */
export const codeHighlightKey = new PluginKey<HighlightState>('codeHighlight');

/** The language that needs no highlighter (the schema's default). */
export const PLAIN_LANGUAGE = 'plaintext';

/**
 * Code blocks longer than this are left plain: highlighting runs on every keystroke
 * in the block, and past this size it would cost more than a frame.
 */
export const MAX_HIGHLIGHT_LENGTH = 20_000;

/** The plugin's entry point for node views, found through the key (as image uploads do). */
interface HighlightPluginSpec {
  loadHighlighter(view: EditorView): void;
}

function isCodeBlock(node: PMNode): boolean {
  return node.type === node.type.schema.nodes.code_block;
}

/** Whether any code block has a language (one walk, stopping at the first). */
function hasHighlightableBlock(doc: PMNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (isCodeBlock(node) && node.attrs.language !== PLAIN_LANGUAGE) found = true;
    return !node.isTextblock;
  });
  return found;
}

/** The token decorations of one code block at `pos`. */
function blockDecorations(node: PMNode, pos: number, highlighter: Highlighter): Decoration[] {
  const language = node.attrs.language as string;
  const code = node.textContent;
  if (language === PLAIN_LANGUAGE || !code || code.length > MAX_HIGHLIGHT_LENGTH) return [];
  let tokens: HighlightToken[] | null;
  try {
    tokens = highlighter.highlight(language, code);
  } catch (error) {
    // A grammar that fails must not break typing: the block just stays plain.
    log.warn(`Highlighting ${language} failed`, error);
    return [];
  }
  const start = pos + 1;
  return (tokens ?? []).map((t) => Decoration.inline(start + t.from, start + t.to, { class: t.className }));
}

/** Highlights every code block (once, when the highlighter arrives). */
function highlightAll(doc: PMNode, highlighter: Highlighter): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (isCodeBlock(node)) decorations.push(...blockDecorations(node, pos, highlighter));
    return !node.isTextblock;
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * The ranges of the final document a transaction touched: replaced content, and the
 * nodes whose attributes changed (an attribute step maps nothing, so it is added by hand).
 */
function touchedRanges(tr: Transaction): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  tr.steps.forEach((step, i) => {
    const rest = tr.mapping.slice(i + 1);
    const add = (from: number, to: number) => ranges.push([rest.map(from, -1), rest.map(to, 1)]);
    if (step instanceof AttrStep) add(step.pos, step.pos + 1);
    else step.getMap().forEach((_oldFrom, _oldTo, from, to) => add(from, to));
  });
  return ranges;
}

/** Re-highlights the text blocks a transaction touched; a block that stopped being code loses its tokens. */
function rehighlight(value: HighlightState, tr: Transaction, highlighter: Highlighter): DecorationSet {
  let decorations = value.decorations.map(tr.mapping, tr.doc);
  const done = new Set<number>();
  for (const [from, to] of touchedRanges(tr)) {
    tr.doc.nodesBetween(from, Math.max(to, from + 1), (node, pos) => {
      if (!node.isTextblock) return true;
      if (done.has(pos)) return false;
      done.add(pos);
      const stale = decorations.find(pos + 1, pos + node.nodeSize - 1);
      if (stale.length) decorations = decorations.remove(stale);
      if (isCodeBlock(node)) decorations = decorations.add(tr.doc, blockDecorations(node, pos, highlighter));
      return false;
    });
  }
  return decorations;
}

/** The highlighting plugin: decorations for code blocks, the highlighter loaded on first request. */
export function codeHighlightPlugin(): Plugin<HighlightState> {
  // Per plugin, never per module: two editors on one page share nothing but the fetched code.
  let loading: Promise<void> | null = null;

  const spec: HighlightPluginSpec = {
    loadHighlighter(view) {
      if (loading) return;
      loading = import('./highlighter.js').then(
        ({ createHighlighter }) => {
          if (!view.isDestroyed) view.dispatch(view.state.tr.setMeta(codeHighlightKey, createHighlighter()));
        },
        (error: unknown) => log.error('The syntax highlighter could not be loaded', error),
      );
    },
  };

  return new Plugin<HighlightState>({
    key: codeHighlightKey,
    ...spec,
    state: {
      init: () => ({ highlighter: null, decorations: DecorationSet.empty }),
      apply(tr, value, _old, state: EditorState) {
        const loaded = tr.getMeta(codeHighlightKey) as Highlighter | undefined;
        if (loaded) return { highlighter: loaded, decorations: highlightAll(state.doc, loaded) };
        if (!value.highlighter || !tr.docChanged) return value;
        return { highlighter: value.highlighter, decorations: rehighlight(value, tr, value.highlighter) };
      },
    },
    props: {
      decorations: (state) => codeHighlightKey.getState(state)?.decorations,
    },
    // Code block views ask for the highlighter when they show a language; this covers
    // the blocks already on screen when the plugin arrives after them (a reconfigure).
    view(view) {
      if (hasHighlightableBlock(view.state.doc)) spec.loadHighlighter(view);
      return {};
    },
  });
}

/** Asks for the highlighter (a code block with a language is shown); a no-op once loaded or without the plugin. */
export function requestHighlighting(view: EditorView): void {
  const plugin = codeHighlightKey.get(view.state);
  if (!plugin || codeHighlightKey.getState(view.state)?.highlighter) return;
  (plugin.spec as unknown as HighlightPluginSpec).loadHighlighter(view);
}
