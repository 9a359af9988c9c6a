/**
 * Lazy syntax highlighting of code blocks, as ProseMirror inline decorations (the
 * text ProseMirror owns is never rewritten). A code block with a language other than
 * plaintext is highlighted when it comes near the viewport, and those a stretch around it once
 * the browser is idle (ahead.ts), so scrolling on needs no update for each; the highlighter is fetched
 * with `import()` the first time that happens, and each language's grammar the first
 * time a block in it is shown. After that, each transaction
 * re-highlights only the code blocks it touched.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type EditorState, type Transaction } from 'prosemirror-state';
import { AttrStep } from 'prosemirror-transform';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { PLAIN_LANGUAGE } from '../../core/code-languages.js';
import { log } from '../../core/log.js';
import { BlockWatcher } from './block-watcher.js';
import { AHEAD_BATCH, blocksAround, DRAW_REACH, DUE_REACH, onFirstScroll, onlyWhenIdle, typedSince } from './ahead.js';

/** A class range over a code block's text, in offsets from the start of its text. */
export interface HighlightToken {
  from: number;
  to: number;
  className: string;
}

/** Turns code into class ranges; `null` when the language is not one it knows or its grammar is still being fetched. */
export interface Highlighter {
  highlight(language: string, code: string): HighlightToken[] | null;
}

/** The highlighting plugin's state: the highlighter once loaded, and the token decorations. */
export interface HighlightState {
  readonly highlighter: Highlighter | null;
  readonly decorations: DecorationSet;
  /** A transaction touched more code blocks than it re-highlighted: those near the viewport are due. */
  readonly behind?: boolean;
}

/** The highlighting plugin's key. */
export const codeHighlightKey = new PluginKey<HighlightState>('codeHighlight');

/** The language that needs no highlighter (the schema's default). */
export { PLAIN_LANGUAGE } from '../../core/code-languages.js';

/**
 * Code blocks longer than this are left plain: highlighting runs on every keystroke
 * in the block, and past this size it would cost more than a frame.
 */
export const MAX_HIGHLIGHT_LENGTH = 20_000;

/** The plugin's entry point for node views, found through the key (as image uploads do). */
interface HighlightPluginSpec {
  watch(view: EditorView, dom: HTMLElement, getPos: () => number | undefined): void;
  unwatch(view: EditorView, dom: HTMLElement): void;
}

/** A transaction meta: the highlighter arrived, and/or code blocks came near the viewport. */
interface HighlightMeta {
  highlighter?: Highlighter;
  visible?: number[];
}

function isCodeBlock(node: PMNode): boolean {
  return node.type === node.type.schema.nodes.code_block;
}

/**
 * Code blocks whose code the highlighter has looked at and found nothing in to colour (or failed
 * on): they have no tokens, yet are not still to colour, so coming near again costs no update.
 * Nodes do not change, and what a language's grammar finds in a text is the same in every editor.
 */
const nothingToColour = new WeakSet<PMNode>();

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
    tokens = [];
  }
  // No answer yet (its grammar is on the way): still to colour.
  if (!tokens) return [];
  if (!tokens.length) nothingToColour.add(node);
  const start = pos + 1;
  return tokens.map((t) => Decoration.inline(start + t.from, start + t.to, { class: t.className }));
}

/**
 * Highlights the code blocks at `positions` that have no tokens yet: the blocks near
 * the viewport. A long document's other blocks cost nothing until they scroll near.
 */
function highlightBlocks(decorations: DecorationSet, doc: PMNode, positions: readonly number[], highlighter: Highlighter): DecorationSet {
  const added: Decoration[] = [];
  for (const pos of new Set(positions)) {
    const node = tokenless(decorations, doc, pos);
    if (node) added.push(...blockDecorations(node, pos, highlighter));
  }
  return added.length ? decorations.add(doc, added) : decorations;
}

/** The code block at `pos`, if it is one to colour and has no tokens yet. */
function tokenless(decorations: DecorationSet, doc: PMNode, pos: number): PMNode | null {
  const node = pos >= 0 && pos < doc.content.size ? doc.nodeAt(pos) : null;
  if (!node || !isCodeBlock(node) || node.attrs.language === PLAIN_LANGUAGE || nothingToColour.has(node)) return null;
  const size = node.content.size;
  return size && size <= MAX_HIGHLIGHT_LENGTH && !decorations.find(pos + 1, pos + node.nodeSize - 1).length ? node : null;
}

/**
 * Where the code blocks start in the top-level blocks within `reach` of those holding
 * `positions` (nested ones too), nearest first: the stretch coloured ahead of scrolling
 * (`DRAW_REACH`).
 */
function codeBlocksAround(doc: PMNode, positions: readonly number[], reach: number): number[] {
  const found = new Map<number, number>();
  for (const pos of positions) {
    if (pos < 0 || pos >= doc.content.size) continue;
    const $pos = doc.resolve(pos);
    const index = $pos.index(0);
    blocksAround(doc, index, $pos.posAtIndex(index, 0), reach, (block, start, distance) => {
      const add = (at: number) => !((found.get(at) ?? Infinity) <= distance) && found.set(at, distance);
      if (isCodeBlock(block)) add(start);
      else if (!block.isTextblock) block.descendants((node, offset) => (isCodeBlock(node) ? void add(start + 1 + offset) : !node.isTextblock));
    });
  }
  return [...found].sort(([, a], [, b]) => a - b).map(([at]) => at);
}

/**
 * Has `tr` highlight the code blocks at `positions` (those without tokens; other positions are
 * passed over), once the highlighter is here: a transaction that draws blocks near the viewport
 * again (redraw.ts) colours them in the same update, not in one of its own after the browser
 * reports their new elements near.
 */
export function highlightAlong(tr: Transaction, positions: readonly number[]): void {
  if (positions.length) tr.setMeta(codeHighlightKey, { visible: [...positions] } satisfies HighlightMeta);
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

/**
 * How many touched code blocks a transaction re-highlights on the spot. A larger edit
 * (a paste of a long document) leaves the rest to the viewport watcher, which
 * highlights those near the viewport after the update.
 */
const MAX_EAGER_BLOCKS = 16;

/**
 * Re-highlights the code blocks a transaction touched (up to MAX_EAGER_BLOCKS; `rest`
 * says whether more were left for the watcher); a block that stopped being code loses
 * its tokens. Decorations are removed and added in one batch each: adding them block by
 * block would scan the document's top-level children once per block.
 */
function rehighlight(value: HighlightState, tr: Transaction, highlighter: Highlighter): { decorations: DecorationSet; rest: boolean } {
  let decorations = value.decorations.map(tr.mapping, tr.doc);
  const done = new Set<number>();
  const stale: Decoration[] = [];
  const added: Decoration[] = [];
  let eager = 0;
  let rest = false;
  const size = tr.doc.content.size;
  for (const [from, to] of touchedRanges(tr)) {
    // At least the position itself (an insertion touches no range), never past the end:
    // a change at the document's end maps to its size, and nodesBetween must not step past it.
    const start = Math.min(from, size);
    const end = Math.min(Math.max(to, start + 1), size);
    if (start >= end) continue;
    tr.doc.nodesBetween(start, end, (node, pos) => {
      if (!node.isTextblock) return true;
      if (done.has(pos)) return false;
      done.add(pos);
      stale.push(...decorations.find(pos + 1, pos + node.nodeSize - 1));
      if (!isCodeBlock(node) || node.attrs.language === PLAIN_LANGUAGE) return false;
      if (eager < MAX_EAGER_BLOCKS) {
        eager++;
        added.push(...blockDecorations(node, pos, highlighter));
      } else rest = true;
      return false;
    });
  }
  if (stale.length) decorations = decorations.remove(stale);
  if (added.length) decorations = decorations.add(tr.doc, added);
  return { decorations, rest };
}

/** The highlighting plugin: decorations for code blocks near the viewport, the highlighter loaded on first need. */
export function codeHighlightPlugin(): Plugin<HighlightState> {
  // Per plugin, never per module: two editors on one page share nothing but the fetched code.
  let loading: Promise<void> | null = null;
  let loaded = false;
  const watchers = new WeakMap<EditorView, BlockWatcher>();
  /** The live views with this plugin (a grammar's arrival concerns each). */
  const views = new Set<EditorView>();
  /** Views that have scrolled since they began (colouring ahead waits for it), and what stops each wait. */
  const scrolled = new WeakSet<EditorView>();
  const scrollWaits = new WeakMap<EditorView, () => void>();

  /**
   * A grammar arrived: the blocks near the viewport still without tokens are highlighted, with
   * those a stretch around them (`DRAW_REACH`), which waited for it too.
   */
  const onGrammar = (): void => {
    for (const view of views) {
      if (view.isDestroyed) continue;
      const near = watchers.get(view)?.nearPositions() ?? [];
      const visible = scrolled.has(view) ? codeBlocksAround(view.state.doc, near, DRAW_REACH) : near;
      view.dispatch(view.state.tr.setMeta(codeHighlightKey, { visible } satisfies HighlightMeta));
    }
  };
  // Warnings, not errors: the code stays readable, only uncoloured (a page that copied the
  // embed bundle without the chunks beside it). Each load is tried once, so each warns once.
  const onGrammarError = (error: unknown): void => log.warn('A syntax highlighting grammar could not be loaded; its code blocks stay plain', error);

  /** Whether the highlighter is here; the first call starts loading it. */
  const load = (view: EditorView, visible: () => number[]): boolean => {
    if (loaded) return true;
    loading ??= import('./highlighter.js').then(
      ({ createHighlighter }) => {
        loaded = true;
        const highlighter = createHighlighter(onGrammar, onGrammarError);
        if (view.isDestroyed) return;
        view.dispatch(view.state.tr.setMeta(codeHighlightKey, { highlighter, visible: visible() } satisfies HighlightMeta));
      },
      (error: unknown) => log.warn('The syntax highlighter could not be loaded (is its chunk beside the editor\'s script?); code blocks stay plain', error),
    );
    return false;
  };

  /** Blocks came near the viewport: those without tokens are highlighted. */
  const show = (view: EditorView, visible: number[]): void => {
    // Blocks coloured ahead (`colourAhead`, or as they were drawn again: `highlightAlong`) need no update of their own.
    if (dueAmong(view, visible)) view.dispatch(view.state.tr.setMeta(codeHighlightKey, { visible } satisfies HighlightMeta));
    colourAhead(view);
  };

  /** Whether a code block among `positions` is still to colour. */
  const dueAmong = (view: EditorView, positions: readonly number[]): boolean => {
    const decorations = codeHighlightKey.getState(view.state)?.decorations;
    return !!decorations && positions.some((pos) => tokenless(decorations, view.state.doc, pos));
  };

  /** Views with colouring ahead waiting for the browser to be idle, and the document when blocks last came near (typing since then puts it off). */
  const ahead = new WeakMap<EditorView, PMNode>();
  /** Views whose stretch begun was put off by typing: it goes on when blocks next come near. */
  const putOff = new WeakSet<EditorView>();
  /**
   * Once the browser is idle, the code blocks a stretch around those near the viewport
   * (`DRAW_REACH`), if one within `DUE_REACH` is still to colour (or, `going on`, the rest of a
   * stretch begun), nearest first and `AHEAD_BATCH` at a time: still skipped by
   * `content-visibility`, colouring them costs no layout, and scrolling to them no update. A
   * change to the document meanwhile (typing) puts it off until blocks next come near (`typedSince`).
   */
  const colourAhead = (view: EditorView, goingOn = false): void => {
    if (!scrolled.has(view)) return;
    const waiting = ahead.has(view);
    ahead.set(view, view.state.doc);
    if (waiting) return;
    onlyWhenIdle(() => {
      const askedOn = ahead.get(view)!;
      ahead.delete(view);
      if (typedSince(view, askedOn)) return void (goingOn && putOff.add(view));
      const near = watchers.get(view)?.nearPositions();
      const decorations = codeHighlightKey.getState(view.state)?.decorations;
      // Nothing near to work around yet (the browser's view of near lags a scroll): a stretch put off stays put off.
      if (view.isDestroyed || !near?.length || !decorations) return void (goingOn && putOff.add(view));
      goingOn = putOff.delete(view) || goingOn;
      const { doc } = view.state;
      if (!goingOn && !dueAmong(view, codeBlocksAround(doc, near, DUE_REACH))) return;
      const due = codeBlocksAround(doc, near, DRAW_REACH).filter((pos) => tokenless(decorations, doc, pos));
      if (!due.length) return;
      view.dispatch(view.state.tr.setMeta(codeHighlightKey, { visible: due.slice(0, AHEAD_BATCH) } satisfies HighlightMeta));
      // On while each batch colours something (a block whose grammar is on its way gets none yet).
      if (due.length > AHEAD_BATCH && codeHighlightKey.getState(view.state)?.decorations !== decorations) colourAhead(view, true);
    });
  };

  const spec: HighlightPluginSpec = {
    watch(view, dom, getPos) {
      let watcher = watchers.get(view);
      if (!watcher) {
        watchers.set(view, (watcher = new BlockWatcher(view, { load, show })));
        scrollWaits.set(view, onFirstScroll(view, () => scrolled.add(view)));
      }
      watcher.watch(dom, getPos);
    },
    unwatch(view, dom) {
      watchers.get(view)?.unwatch(dom);
    },
  };

  return new Plugin<HighlightState>({
    key: codeHighlightKey,
    ...spec,
    state: {
      init: () => ({ highlighter: null, decorations: DecorationSet.empty }),
      apply(tr, value, _old, state: EditorState) {
        const meta = tr.getMeta(codeHighlightKey) as HighlightMeta | undefined;
        const highlighter = meta?.highlighter ?? value.highlighter;
        if (!highlighter) return value;
        let decorations = value.decorations;
        let behind = !!value.behind;
        if (tr.docChanged) {
          const result = rehighlight(value, tr, highlighter);
          decorations = result.decorations;
          behind ||= result.rest;
        }
        if (meta?.visible) {
          decorations = highlightBlocks(decorations, state.doc, meta.visible, highlighter);
          behind = false;
        }
        return decorations === value.decorations && highlighter === value.highlighter && behind === !!value.behind ? value : { highlighter, decorations, behind };
      },
    },
    props: {
      decorations: (state) => codeHighlightKey.getState(state)?.decorations,
    },
    view(view) {
      let frame = 0;
      views.add(view);
      return {
        // After an edit too large to re-highlight at once, the blocks near the viewport
        // are highlighted in the next frame (those off screen wait until they come near).
        update(view, previous) {
          if (view.state.doc !== previous.doc || !view.state.selection.eq(previous.selection)) watchers.get(view)?.checkExemptBlocks();
          if (!codeHighlightKey.getState(view.state)?.behind || frame) return;
          frame = requestAnimationFrame(() => {
            frame = 0;
            const watcher = watchers.get(view);
            if (view.isDestroyed || !codeHighlightKey.getState(view.state)?.behind) return;
            view.dispatch(view.state.tr.setMeta(codeHighlightKey, { visible: watcher?.nearPositions() ?? [] } satisfies HighlightMeta));
          });
        },
        destroy: () => {
          cancelAnimationFrame(frame);
          // New plugins for the same editor (state.reconfigure: a part that arrived on demand)
          // replace every plugin view while the code blocks stay watched: only the editor's own
          // end, which marks it destroyed once its plugin views are gone, ends the watching.
          queueMicrotask(() => {
            if (!view.isDestroyed) return;
            views.delete(view);
            watchers.get(view)?.destroy();
            scrollWaits.get(view)?.();
          });
        },
      };
    },
  });
}

/**
 * Watches a code block with a language: it is highlighted once near the viewport.
 * Returns whether it is watched (not without the plugin); `unwatchForHighlighting` stops it.
 */
export function watchForHighlighting(view: EditorView, dom: HTMLElement, getPos: () => number | undefined): boolean {
  const plugin = codeHighlightKey.get(view.state);
  if (!plugin) return false;
  (plugin.spec as unknown as HighlightPluginSpec).watch(view, dom, getPos);
  return true;
}

/** Stops watching a code block (its view is destroyed). */
export function unwatchForHighlighting(view: EditorView, dom: HTMLElement): void {
  const plugin = codeHighlightKey.get(view.state);
  if (plugin) (plugin.spec as unknown as HighlightPluginSpec).unwatch(view, dom);
}
