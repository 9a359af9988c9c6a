import type { Schema } from 'prosemirror-model';
import { Plugin, TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { log } from '../log.js';
import { cleanAttrs } from '../schema/attrs.js';
import type { SafeNodeSpec } from '../schema/nodes.js';
import { clock } from '../clock.js';
import { USER_MENTION_ENTITY } from '../blocks/mention.js';
import { mentionCanOpenAt, mentionKey } from './menu-triggers.js';
import { pendingTrigger } from './pending-trigger.js';

/** A person as the spec's host returns them (spec 7: "mention suggestions"). */
export interface MentionSpecItem {
  id: string;
  title: string;
  avatar?: string;
  entity_identifier: string;
  entity_name: string;
  redirect_uri: string;
}

/** A mention suggestion in the generic shape: a label, an optional second line, a picture and a link. */
export interface MentionGenericItem {
  id: string;
  label: string;
  /** A quieter line shown with the label (an e-mail address, a team). */
  description?: string;
  avatar?: string;
  /** Where the mention leads (its `redirect_uri`; `/` when absent). */
  href?: string;
  /** The identifier mention highlights match; defaults to `id`. */
  entity_identifier?: string;
  /** Defaults to `'user_mention'`. */
  entity_name?: string;
}

/** A suggestion from the host, in the spec's shape or the generic one; `mentionItemOf` maps both. */
export type MentionItem = MentionSpecItem | MentionGenericItem;

/** A suggestion as the picker lists and inserts it: any host item after `mentionItemOf`. */
export interface MentionEntry {
  id: string;
  label: string;
  description?: string;
  avatar?: string;
  href?: string;
  entity_identifier: string;
  entity_name: string;
}

/** The host's own search: it matches as it likes and its answer is listed as returned; `signal` aborts when the query moves on. */
export type MentionSearch = (query: string, options: { signal: AbortSignal }) => Promise<MentionItem[]>;

/** How long typing must pause before the host's `search` is asked, in milliseconds. */
export const MENTION_SEARCH_DELAY = 150;

/** The entity name of a mention whose item names none. */
const DEFAULT_ENTITY_NAME = USER_MENTION_ENTITY;

/** The picker's state; the element renders "Loading..." while `loading` and "No results" when open, not loading and empty. */
export interface MentionState {
  open: boolean;
  /** What was typed after the `@`. */
  query: string;
  /** From the `@` to the end of the query, remapped through every change. */
  range: { from: number; to: number } | null;
  /** Whether the answer for the current query is still awaited. */
  loading: boolean;
  /** The suggestions listed: the `suggestions` whose label starts with the query, or the `search` answer as returned. */
  items: readonly MentionEntry[];
  /** The index of the highlighted suggestion. */
  highlighted: number;
  /** Whether `items` came from the host's `search` (kept as they are while the next query loads) rather than `suggestions`. */
  searched: boolean;
}

/** Options of the mention plugin. */
export interface MentionOptions {
  /** The host's list for a query, filtered here by label prefix (spec 5); asked on every query change, never from `apply`. */
  suggestions?: (query: string) => Promise<MentionItem[]>;
  /**
   * The host's own search, used instead of `suggestions` whenever this returns one (read
   * at each query, so a host may set it later): asked once typing pauses for
   * `MENTION_SEARCH_DELAY`, with a signal that aborts when the query changes, the picker
   * closes or the editor goes away.
   */
  search?: () => MentionSearch | null | undefined;
}

export { mentionCanOpenAt, mentionKey } from './menu-triggers.js';

type MentionMeta =
  | { type: 'open'; from: number }
  | { type: 'close' }
  | { type: 'highlight'; index: number }
  | { type: 'results'; query: string; items: readonly MentionEntry[]; searched: boolean };

const CLOSED: MentionState = { open: false, query: '', range: null, loading: false, items: [], highlighted: 0, searched: false };

/** Either shape's fields, for reading an item whose shape is not known yet. */
type AnyMentionItem = Partial<MentionSpecItem> & Partial<MentionGenericItem>;

/** An item's label: the generic `label`, else the spec's `title` (undefined when neither is text). */
function labelOf(item: MentionItem): string | undefined {
  const { label, title } = item as AnyMentionItem;
  return typeof label === 'string' ? label : typeof title === 'string' ? title : undefined;
}

/** Spec 5: suggestions whose label (the spec's title) starts with the query, ignoring case. */
export function filterMentionItems<T extends MentionItem>(items: readonly T[], query: string): T[] {
  const prefix = query.toLowerCase();
  return items.filter((item) => labelOf(item)?.toLowerCase().startsWith(prefix) ?? false);
}

/**
 * Maps a host's item, in either shape, to what the picker lists and inserts: label from
 * `label` or `title`, href from `href` or `redirect_uri`, `entity_identifier` defaulting to
 * the id and `entity_name` to `'user_mention'`. Null when the item has no label to show.
 */
export function mentionItemOf(raw: MentionItem): MentionEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const item = raw as AnyMentionItem;
  const label = labelOf(raw);
  if (label === undefined) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    id: item.id as string,
    label,
    description: text(item.description),
    avatar: text(item.avatar),
    href: item.href ?? item.redirect_uri,
    entity_identifier: item.entity_identifier ?? (item.id as string),
    entity_name: item.entity_name ?? DEFAULT_ENTITY_NAME,
  };
}

/** A host's answer as entries: anything but an array counts as none, and items without a label are dropped. */
function entriesOf(answer: unknown): MentionEntry[] {
  if (!Array.isArray(answer)) return [];
  return answer.map((raw: MentionItem) => mentionItemOf(raw)).filter((entry): entry is MentionEntry => entry !== null);
}

/**
 * The picker after a change at `from..to`. The query is one word (a space closes the
 * picker, as names are found by their first letters); a new query waits for its answer
 * while the previous answers stay listed (filtered by it, unless a search gave them).
 */
function opened(prev: MentionState, state: EditorState, from: number, to: number): MentionState {
  const query = state.doc.textBetween(from + 1, to, '\n', '\ufffc');
  if (/[\s\ufffc]/.test(query)) return CLOSED;
  if (prev.open && query === prev.query) return { ...prev, range: { from, to } };
  // A search's answer stays listed as it is: the host matched it by its own rules.
  const items = prev.searched ? prev.items : filterMentionItems(prev.items, query);
  return { open: true, query, range: { from, to }, loading: true, items, highlighted: 0, searched: prev.searched };
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

/** The mention node's attributes for a chosen suggestion, in any shape (spec 3: target "users", self false), cleaned like any parsed value. */
export function mentionAttrs(item: MentionItem, schema: Schema): Record<string, unknown> {
  const defs = (schema.nodes.mention.spec as SafeNodeSpec).attrDefs;
  const entry = mentionItemOf(item);
  return cleanAttrs(defs, {
    id: item.id,
    label: entry?.label,
    target: 'users',
    self: false,
    redirect_uri: entry?.href,
    entity_identifier: entry?.entity_identifier,
    entity_name: entry?.entity_name,
  });
}

/** Replaces the typed `@query` with a mention of a suggestion (the highlighted one by default) and a space, both with the query's marks. */
export function selectMention(index?: number): Command {
  return (state, dispatch) => {
    const picker = mentionKey.getState(state);
    if (!picker?.open || !picker.range) return false;
    const item = picker.items[index ?? picker.highlighted];
    if (!item) return false;
    if (dispatch) {
      const { from, to } = picker.range;
      const { schema } = state;
      // The marks the typed `@query` had (bold text gives a bold mention).
      const marks = state.doc.nodeAt(from)?.marks;
      const node = schema.nodes.mention.create(mentionAttrs(item, schema), null, marks);
      const tr = state.tr.replaceWith(from, to, [node, schema.text(' ', marks)]);
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
 * answer is kept; a rejected (or throwing) request is logged (spec 8: "mention fetch
 * failure" is only logged) and counts as no results. The host's `search`, when it gives
 * one, is asked only once typing pauses, and a request the query has moved past (or
 * the picker closed on, or the editor outlived) is aborted and not logged.
 */
class SuggestionFetcher {
  private latest = 0;
  private asked: string | null = null;
  private destroyed = false;
  private timer: unknown;
  private controller: AbortController | null = null;

  constructor(
    private readonly view: EditorView,
    private readonly options: MentionOptions,
  ) {
    // A picker open as the plugin arrives (an "@" typed before) asks at once.
    this.update();
  }

  update(): void {
    const picker = mentionKey.getState(this.view.state);
    if (!picker?.open) {
      if (this.asked !== null) this.cancel();
      this.asked = null;
      return;
    }
    if (!picker.loading || picker.query === this.asked) return;
    this.asked = picker.query;
    this.cancel();
    const request = this.latest;
    const query = picker.query;
    const search = this.options.search?.();
    if (search) {
      this.timer = clock.setTimeout(() => this.search(search, query, request), MENTION_SEARCH_DELAY);
      return;
    }
    const suggestions = this.options.suggestions;
    this.ask(request, query, false, () => (suggestions ? suggestions(query) : []), (error) => log.error('Mention suggestions failed', error));
  }

  private search(search: MentionSearch, query: string, request: number): void {
    this.timer = undefined;
    const controller = new AbortController();
    this.controller = controller;
    this.ask(request, query, true, () => search(query, { signal: controller.signal }), (error) => {
      // Our own abort of an outdated request is no failure.
      if (!controller.signal.aborted) log.error('Mention search failed', error);
    });
  }

  private ask(
    request: number,
    query: string,
    searched: boolean,
    call: () => MentionItem[] | Promise<MentionItem[]>,
    failed: (error: unknown) => void,
  ): void {
    new Promise<MentionItem[]>((resolve) => resolve(call()))
      .then(entriesOf, (error: unknown) => {
        failed(error);
        return [];
      })
      .then((items) => {
        if (this.destroyed || request !== this.latest) return;
        this.controller = null;
        this.view.dispatch(meta(this.view.state, { type: 'results', query, items, searched }));
      });
  }

  /** Drops the pending request: its timer is cleared, its search aborted and its answer will be ignored. */
  private cancel(): void {
    this.latest++;
    clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = null;
  }

  destroy(): void {
    this.destroyed = true;
    this.cancel();
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
      // Arriving after an "@" was typed (the embed bundle's chunk), it opens there.
      init(_config, state) {
        const from = pendingTrigger(state, '@');
        return from === null ? CLOSED : opened(CLOSED, state, from, state.selection.from);
      },
      apply(tr, prev, _old, state) {
        const action = tr.getMeta(mentionKey) as MentionMeta | undefined;
        if (action?.type === 'close') return CLOSED;
        if (action?.type === 'open') return opened(CLOSED, state, action.from, action.from + 1);
        if (!prev.open) return prev;
        if (action?.type === 'highlight') return { ...prev, highlighted: action.index };
        const next = follow(prev, tr, state);
        if (action?.type === 'results' && next.open && action.query === next.query) {
          const items = action.searched ? action.items : filterMentionItems(action.items, next.query);
          return { ...next, loading: false, items, highlighted: 0, searched: action.searched };
        }
        return next;
      },
    },
    view: (view) => new SuggestionFetcher(view, options),
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
