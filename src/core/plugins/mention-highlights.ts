import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { AttrStep } from 'prosemirror-transform';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { log } from '../log.js';

/** The class a highlighted mention carries (spec 3: "highlighted in yellow"; the element styles it). */
export const MENTION_HIGHLIGHT_CLASS = 'mention-highlight';

/** The state of the mention highlights plugin. */
export interface MentionHighlightsState {
  /** The host's identifiers whose mentions are highlighted. */
  ids: ReadonlySet<string>;
  decorations: DecorationSet;
  /** Bumped by `refreshMentionHighlights`; the plugin's view asks the host again when it changes. */
  generation: number;
  /** Nodes looked at by the last transaction: instrumentation that lets tests prove the work follows the change, not the document. */
  visited: number;
}

/** Options of the mention highlights plugin. */
export interface MentionHighlightsOptions {
  /** The host's list of entity identifiers to highlight (spec 7: "mention highlights"), asked once at start and on refresh. */
  highlights: () => Promise<string[]>;
}

/** The key of the mention highlights plugin and its state. */
export const mentionHighlightsKey = new PluginKey<MentionHighlightsState>('mentionHighlights');

type HighlightsMeta = { type: 'set'; ids: readonly string[] } | { type: 'refresh' };

function isHighlighted(node: PMNode, ids: ReadonlySet<string>): boolean {
  const id = node.attrs.entity_identifier as unknown;
  return node.type.name === 'mention' && typeof id === 'string' && ids.has(id);
}

/** Decorations for the highlighted mentions between `from` and `to`, counting the nodes looked at. */
function scan(doc: PMNode, from: number, to: number, ids: ReadonlySet<string>): { found: Decoration[]; visited: number } {
  const found: Decoration[] = [];
  let visited = 0;
  if (!ids.size) return { found, visited };
  doc.nodesBetween(from, to, (node, pos) => {
    visited++;
    if (isHighlighted(node, ids)) found.push(Decoration.node(pos, pos + node.nodeSize, { class: MENTION_HIGHLIGHT_CLASS }));
    // Mentions are inline: a block without inline content is looked into, a text node never.
    return !node.isInline;
  });
  return { found, visited };
}

/** The ranges of the final document that `tr` touched: each step's changed ranges, mapped through the steps after it. */
function changedRanges(tr: Transaction): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const { maps } = tr.mapping;
  maps.forEach((map, index) => {
    const after = tr.mapping.slice(index + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      ranges.push([after.map(newStart, -1), after.map(newEnd, 1)]);
    });
    // Attribute steps (setNodeAttribute) change a node without a step map range.
    const step = tr.steps[index];
    if (step instanceof AttrStep) ranges.push([after.map(step.pos, 1), after.map(step.pos + 1, -1)]);
  });
  return ranges;
}

/** Maps the decorations through `tr` and rescans only what it changed. */
function update(prev: MentionHighlightsState, tr: Transaction, doc: PMNode): MentionHighlightsState {
  let decorations = prev.decorations.map(tr.mapping, doc);
  if (!prev.ids.size) return { ...prev, decorations, visited: 0 };
  let visited = 0;
  for (const [start, end] of changedRanges(tr)) {
    let from = Math.max(0, Math.min(start, end));
    let to = Math.min(doc.content.size, Math.max(start, end));
    const stale = decorations.find(from, to);
    for (const deco of stale) {
      from = Math.min(from, deco.from);
      to = Math.max(to, deco.to);
    }
    decorations = decorations.remove(stale);
    const { found, visited: seen } = scan(doc, from, to, prev.ids);
    visited += seen;
    decorations = decorations.add(doc, found);
  }
  return { ...prev, decorations, visited };
}

function fromScratch(prev: MentionHighlightsState, doc: PMNode, ids: ReadonlySet<string>): MentionHighlightsState {
  const { found, visited } = scan(doc, 0, doc.content.size, ids);
  return { ...prev, ids, decorations: DecorationSet.create(doc, found), visited };
}

/** Highlights the mentions of these identifiers (replacing the list the host gave before). */
export function setMentionHighlights(ids: readonly string[]): Command {
  return (state, dispatch) => {
    if (!mentionHighlightsKey.getState(state)) return false;
    if (dispatch) dispatch(state.tr.setMeta(mentionHighlightsKey, { type: 'set', ids } satisfies HighlightsMeta));
    return true;
  };
}

/** Asks the host for its highlights list again. */
export const refreshMentionHighlights: Command = (state, dispatch) => {
  if (!mentionHighlightsKey.getState(state)) return false;
  if (dispatch) dispatch(state.tr.setMeta(mentionHighlightsKey, { type: 'refresh' } satisfies HighlightsMeta));
  return true;
};

/** Asks the host for the list at start and on each refresh; only the latest answer counts, a failure is logged. */
class HighlightsFetcher {
  private latest = 0;
  private generation = -1;
  private destroyed = false;

  constructor(
    private readonly view: EditorView,
    private readonly highlights: MentionHighlightsOptions['highlights'],
  ) {
    this.update();
  }

  update(): void {
    const state = mentionHighlightsKey.getState(this.view.state);
    if (!state || state.generation === this.generation) return;
    this.generation = state.generation;
    const request = ++this.latest;
    new Promise<string[]>((resolve) => resolve(this.highlights())).then(
      (ids) => {
        if (this.destroyed || request !== this.latest) return;
        const clean = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
        setMentionHighlights(clean)(this.view.state, this.view.dispatch);
      },
      (error: unknown) => log.error('Mention highlights failed', error),
    );
  }

  destroy(): void {
    this.destroyed = true;
  }
}

/**
 * Highlights mentions whose `entity_identifier` is in the host's list with a node
 * decoration. Decorations are mapped through each change and only the changed ranges
 * are rescanned; the whole document is walked only when the list itself changes.
 */
export function mentionHighlightsPlugin(options: MentionHighlightsOptions): Plugin<MentionHighlightsState> {
  return new Plugin<MentionHighlightsState>({
    key: mentionHighlightsKey,
    state: {
      init: () => ({ ids: new Set(), decorations: DecorationSet.empty, generation: 0, visited: 0 }),
      apply(tr, prev, _old, state: EditorState) {
        const action = tr.getMeta(mentionHighlightsKey) as HighlightsMeta | undefined;
        let next = prev;
        if (tr.docChanged) next = update(next, tr, state.doc);
        else if (next.visited) next = { ...next, visited: 0 };
        if (action?.type === 'set') next = fromScratch(next, state.doc, new Set(action.ids));
        if (action?.type === 'refresh') next = { ...next, generation: next.generation + 1 };
        return next;
      },
    },
    view: (view) => new HighlightsFetcher(view, options.highlights),
    props: {
      decorations: (state) => mentionHighlightsKey.getState(state)?.decorations,
    },
  });
}
