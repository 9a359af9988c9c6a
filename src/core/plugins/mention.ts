import type { ResolvedPos, Schema } from 'prosemirror-model';
import { Plugin, PluginKey, TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { log } from '../log.js';
import { cleanAttrs } from '../schema/attrs.js';
import type { SafeNodeSpec } from '../schema/nodes.js';

/** A person the host offers for a mention (spec 7: "mention suggestions"). */
export interface MentionItem {
  id: string;
  title: string;
  avatar?: string;
  entity_identifier: string;
  entity_name: string;
  redirect_uri: string;
}

/** The mention picker's state; the element renders "Loading..." while `loading` and "No results" when open, not loading and empty. */
export interface MentionState {
  open: boolean;
  /** What was typed after the `@`. */
  query: string;
  /** From the `@` to the end of the query, remapped through every change. */
  range: { from: number; to: number } | null;
  /** Whether the answer for the current query is still awaited. */
  loading: boolean;
  /** The suggestions whose title starts with the query. */
  items: readonly MentionItem[];
  /** The index of the highlighted suggestion. */
  highlighted: number;
}

/** Options of the mention plugin. */
export interface MentionOptions {
  /** The host's search; called from the plugin's view on every query change, never from `apply`. */
  suggestions: (query: string) => Promise<MentionItem[]>;
}

/** The key of the mention plugin and its state. */
export const mentionKey = new PluginKey<MentionState>('mention');

type MentionMeta =
  | { type: 'open'; from: number }
  | { type: 'close' }
  | { type: 'highlight'; index: number }
  | { type: 'results'; query: string; items: readonly MentionItem[] };

const CLOSED: MentionState = { open: false, query: '', range: null, loading: false, items: [], highlighted: 0 };

/** Spec 5: suggestions whose title starts with the query, ignoring case. */
export function filterMentionItems(items: readonly MentionItem[], query: string): MentionItem[] {
  const prefix = query.toLowerCase();
  return items.filter((item) => typeof item.title === 'string' && item.title.toLowerCase().startsWith(prefix));
}

/** `@` opens the picker at a word start (block start or after white space) where a mention may stand. */
export function mentionCanOpenAt($pos: ResolvedPos): boolean {
  const parent = $pos.parent;
  if (!parent.isTextblock || parent.type.spec.code) return false;
  const mention = $pos.doc.type.schema.nodes.mention;
  if (!mention || !parent.canReplaceWith($pos.index(), $pos.index(), mention)) return false;
  const before = $pos.nodeBefore;
  if (!before) return true;
  if (before.isText) return /\s$/.test(before.text ?? '');
  return before.type.name === 'hard_break';
}

/**
 * The picker after a change at `from..to`. The query is one word (a space closes the
 * picker, as names are found by their first letters); a new query waits for its answer
 * while the previous answers, filtered by it, stay listed.
 */
function opened(prev: MentionState, state: EditorState, from: number, to: number): MentionState {
  const query = state.doc.textBetween(from + 1, to, '\n', '\ufffc');
  if (/[\s\ufffc]/.test(query)) return CLOSED;
  if (prev.open && query === prev.query) return { ...prev, range: { from, to } };
  return { open: true, query, range: { from, to }, loading: true, items: filterMentionItems(prev.items, query), highlighted: 0 };
}

/** Follows the open picker through a transaction: the `@` must survive and the caret stay between it and the query's end. */
function follow(prev: MentionState, tr: Transaction, state: EditorState): MentionState {
  if (!prev.range || (!tr.docChanged && !tr.selectionSet)) return prev;
  const start = tr.mapping.mapResult(prev.range.from, 1);
  const from = start.pos;
  const to = tr.mapping.map(prev.range.to, 1);
  if (start.deletedAfter || state.doc.textBetween(from, Math.min(from + 1, to), '', '\ufffc') !== '@') return CLOSED;
  const { selection } = state;
  if (!selection.empty || selection.from <= from || selection.from > to || to > state.doc.resolve(from).end()) return CLOSED;
  return opened(prev, state, from, to);
}

function meta(state: EditorState, value: MentionMeta): Transaction {
  return state.tr.setMeta(mentionKey, value);
}

/** Closes the mention picker (a meta-only transaction). */
export const closeMention: Command = (state, dispatch) => {
  if (!mentionKey.getState(state)?.open) return false;
  if (dispatch) dispatch(meta(state, { type: 'close' }));
  return true;
};

/** Highlights a suggestion by index (the element calls it on hover). */
export function setMentionHighlight(index: number): Command {
  return (state, dispatch) => {
    const picker = mentionKey.getState(state);
    if (!picker?.open || index < 0 || index >= picker.items.length) return false;
    if (dispatch) dispatch(meta(state, { type: 'highlight', index }));
    return true;
  };
}

/** Moves the highlight by `delta`, wrapping around at both ends. */
export function moveMentionHighlight(delta: number): Command {
  return (state, dispatch) => {
    const picker = mentionKey.getState(state);
    if (!picker?.open || !picker.items.length) return false;
    const count = picker.items.length;
    return setMentionHighlight((((picker.highlighted + delta) % count) + count) % count)(state, dispatch);
  };
}

/** The mention node's attributes for a chosen suggestion (spec 3: target "users", self false), cleaned like any parsed value. */
export function mentionAttrs(item: MentionItem, schema: Schema): Record<string, unknown> {
  const defs = (schema.nodes.mention.spec as SafeNodeSpec).attrDefs;
  return cleanAttrs(defs, {
    id: item.id,
    label: item.title,
    target: 'users',
    self: false,
    redirect_uri: item.redirect_uri,
    entity_identifier: item.entity_identifier,
    entity_name: item.entity_name,
  });
}

/** Replaces the typed `@query` with a mention of a suggestion (the highlighted one by default) and a space. */
export function selectMention(index?: number): Command {
  return (state, dispatch) => {
    const picker = mentionKey.getState(state);
    if (!picker?.open || !picker.range) return false;
    const item = picker.items[index ?? picker.highlighted];
    if (!item) return false;
    if (dispatch) {
      const { from, to } = picker.range;
      const { schema } = state;
      const node = schema.nodes.mention.create(mentionAttrs(item, schema));
      const tr = state.tr.replaceWith(from, to, [node, schema.text(' ')]);
      tr.setSelection(TextSelection.create(tr.doc, from + node.nodeSize + 1));
      dispatch(tr.setMeta(mentionKey, { type: 'close' } satisfies MentionMeta).scrollIntoView());
    }
    return true;
  };
}

function handleKey(view: EditorView, event: KeyboardEvent): boolean {
  const picker = mentionKey.getState(view.state);
  if (!picker?.open || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
  const run = (command: Command) => command(view.state, view.dispatch, view);
  switch (event.key) {
    case 'ArrowDown':
      return run(moveMentionHighlight(1));
    case 'ArrowUp':
      return run(moveMentionHighlight(-1));
    case 'Enter':
      return !event.shiftKey && run(selectMention());
    case 'Escape':
      return run(closeMention);
    default:
      return false;
  }
}

/**
 * Asks the host for suggestions whenever the query changes. Only the latest request's
 * answer is kept; a rejected (or throwing) search is logged (spec 8: "mention fetch
 * failure" is only logged) and counts as no results.
 */
class SuggestionFetcher {
  private latest = 0;
  private asked: string | null = null;
  private destroyed = false;

  constructor(
    private readonly view: EditorView,
    private readonly suggestions: MentionOptions['suggestions'],
  ) {}

  update(): void {
    const picker = mentionKey.getState(this.view.state);
    if (!picker?.open) {
      this.asked = null;
      return;
    }
    if (!picker.loading || picker.query === this.asked) return;
    this.asked = picker.query;
    const request = ++this.latest;
    const query = picker.query;
    new Promise<MentionItem[]>((resolve) => resolve(this.suggestions(query)))
      .then(
        (items) => (Array.isArray(items) ? items : []),
        (error: unknown) => {
          log.error('Mention suggestions failed', error);
          return [];
        },
      )
      .then((items) => {
        if (this.destroyed || request !== this.latest) return;
        this.view.dispatch(meta(this.view.state, { type: 'results', query, items }));
      });
  }

  destroy(): void {
    this.destroyed = true;
  }
}

/**
 * The headless mention picker: `@` at a word start opens it, the host's suggestions fill
 * it, the arrows, Enter and Escape drive it, and it closes when the `@` is deleted, the
 * caret leaves the range, the editor loses focus or a space is typed.
 */
export function mentionPlugin(options: MentionOptions): Plugin<MentionState> {
  return new Plugin<MentionState>({
    key: mentionKey,
    state: {
      init: () => CLOSED,
      apply(tr, prev, _old, state) {
        const action = tr.getMeta(mentionKey) as MentionMeta | undefined;
        if (action?.type === 'close') return CLOSED;
        if (action?.type === 'open') return opened(CLOSED, state, action.from, action.from + 1);
        if (!prev.open) return prev;
        if (action?.type === 'highlight') return { ...prev, highlighted: action.index };
        const next = follow(prev, tr, state);
        if (action?.type === 'results' && next.open && action.query === next.query) {
          return { ...next, loading: false, items: filterMentionItems(action.items, next.query), highlighted: 0 };
        }
        return next;
      },
    },
    view: (view) => new SuggestionFetcher(view, options.suggestions),
    props: {
      handleTextInput(view, from, _to, text, deflt) {
        if (text !== '@' || mentionKey.getState(view.state)?.open || !view.editable) return false;
        if (!mentionCanOpenAt(view.state.doc.resolve(from))) return false;
        view.dispatch(deflt().setMeta(mentionKey, { type: 'open', from } satisfies MentionMeta));
        return true;
      },
      handleKeyDown: handleKey,
      handleDOMEvents: {
        blur(view) {
          closeMention(view.state, view.dispatch);
          return false;
        },
      },
    },
  });
}
