import type { Schema } from 'prosemirror-model';
import { Plugin, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { log } from '../log.js';
import { appendCommand } from '../commands/chain.js';
import { schemaSlashItems } from '../extensions/collect-menus.js';
import type { Features } from '../features.js';
import { arrange, BUILTIN_MENU_ORDER, type MenuLayout } from '../menus.js';
import { perSchema } from '../per-schema.js';
import { ENGLISH, type Words } from '../strings.js';
import { slashCanOpenAt, slashMenuKey } from './menu-triggers.js';
import { pendingTrigger } from './pending-trigger.js';
import { filterSlashItems, imageCommand, inWords, type SlashItem, type SlashItemOptions } from './slash-items.js';
import { ownUndoStep } from '../transaction-meta.js';

export { filterSlashItems, type SlashItem, type SlashItemOptions } from './slash-items.js';

/** The slash menu's state; the element renders it and nothing else. */
export interface SlashMenuState {
  open: boolean;
  /** What was typed after the slash. */
  query: string;
  /** From the slash to the end of the query (where the caret normally is), remapped through every change. */
  range: { from: number; to: number } | null;
  /** The entries that match the query, in catalogue order. */
  items: readonly SlashItem[];
  /** The index of the highlighted entry in `items`. */
  highlighted: number;
}

/** Options of the slash menu plugin. */
export interface SlashMenuOptions extends SlashItemOptions {
  /** Host entries, shown after the built-in ones. */
  items?: readonly SlashItem[];
  /** Built-in pieces turned off: their entries (Table, Image, To do) are left out. */
  features?: Features;
  /** The host's order and hidden entries, by id (the element's `menus.slash`). */
  layout?: MenuLayout;
}

/**
 * The menu closes on the third character in a row that matches nothing, so a slash typed
 * as text ("and/or") stops searching quickly while a typo can still be backspaced.
 */
export const SLASH_MISSES_BEFORE_CLOSE = 3;

export { slashCanOpenAt, slashMenuKey } from './menu-triggers.js';

type SlashMeta = { type: 'open'; from: number } | { type: 'close' } | { type: 'highlight'; index: number };

const CLOSED: SlashMenuState = { open: false, query: '', range: null, items: [], highlighted: 0 };

function opened(state: EditorState, catalogue: readonly SlashItem[], from: number, to: number, highlighted = 0): SlashMenuState {
  const query = state.doc.textBetween(from + 1, to, '\n', '\ufffc');
  if (/^\s|[\n\ufffc]/.test(query)) return CLOSED;
  const items = filterSlashItems(catalogue, query);
  // Filtering is monotone (a longer query never matches more), so one check covers the last three characters.
  if (!items.length && query.length >= SLASH_MISSES_BEFORE_CLOSE) {
    const before = query.slice(0, query.length - (SLASH_MISSES_BEFORE_CLOSE - 1));
    if (!filterSlashItems(catalogue, before).length) return CLOSED;
  }
  return { open: true, query, range: { from, to }, items, highlighted: Math.min(highlighted, Math.max(0, items.length - 1)) };
}

/** Follows the open menu through a transaction: the slash must survive and the caret stay between it and the query's end. */
function follow(prev: SlashMenuState, tr: Transaction, state: EditorState, catalogue: readonly SlashItem[]): SlashMenuState {
  if (!prev.range || (!tr.docChanged && !tr.selectionSet)) return prev;
  const start = tr.mapping.mapResult(prev.range.from, 1);
  const from = start.pos;
  const to = tr.mapping.map(prev.range.to, 1);
  if (start.deletedAfter || state.doc.textBetween(from, Math.min(from + 1, to), '', '\ufffc') !== '/') return CLOSED;
  const { selection } = state;
  const $from = state.doc.resolve(from);
  if (!selection.empty || selection.from <= from || selection.from > to || to > $from.end()) return CLOSED;
  const next = opened(state, catalogue, from, to, prev.highlighted);
  return next.open && next.query !== prev.query ? { ...next, highlighted: 0 } : next;
}

/** Closes the slash menu (a meta-only transaction). */
export const closeSlashMenu: Command = (state, dispatch) => {
  if (!slashMenuKey.getState(state)?.open) return false;
  if (dispatch) dispatch(state.tr.setMeta(slashMenuKey, { type: 'close' } satisfies SlashMeta));
  return true;
};

/** Highlights an entry by index (the element calls it on hover). */
export function setSlashHighlight(index: number): Command {
  return (state, dispatch) => {
    const menu = slashMenuKey.getState(state);
    if (!menu?.open || index < 0 || index >= menu.items.length) return false;
    if (dispatch) dispatch(state.tr.setMeta(slashMenuKey, { type: 'highlight', index } satisfies SlashMeta));
    return true;
  };
}

/** Moves the highlight by `delta` entries, wrapping around at both ends. */
export function moveSlashHighlight(delta: number): Command {
  return (state, dispatch) => {
    const menu = slashMenuKey.getState(state);
    if (!menu?.open || !menu.items.length) return false;
    const count = menu.items.length;
    return setSlashHighlight((((menu.highlighted + delta) % count) + count) % count)(state, dispatch);
  };
}

/**
 * Runs an entry (the highlighted one by default): removes the typed `/query` and applies
 * the entry's command in one transaction. An entry that cannot apply, or throws, is
 * logged (spec 8: "no command found for a menu item" is only logged) and the menu closes
 * with the document untouched.
 */
export function runSlashItem(index?: number): Command {
  return (state, dispatch, view) => {
    const menu = slashMenuKey.getState(state);
    if (!menu?.open || !menu.range) return false;
    const item = menu.items[index ?? menu.highlighted];
    if (!item) return false;
    if (!dispatch) return true;
    const tr = state.tr.delete(menu.range.from, menu.range.to);
    let applied = false;
    try {
      applied = appendCommand(tr, item.command, view);
    } catch (error) {
      log.error(`Slash menu item "${item.title}" failed`, error);
      dispatch(state.tr.setMeta(slashMenuKey, { type: 'close' } satisfies SlashMeta));
      return true;
    }
    if (!applied) {
      log.error(`No command found for the slash menu item "${item.title}" here`);
      dispatch(state.tr.setMeta(slashMenuKey, { type: 'close' } satisfies SlashMeta));
      return true;
    }
    // A history boundary before the entry, so undo brings back the typed `/query` (as undoing an input rule does).
    dispatch(ownUndoStep(tr).setMeta(slashMenuKey, { type: 'close' } satisfies SlashMeta).scrollIntoView());
    return true;
  };
}

function handleKey(view: EditorView, event: KeyboardEvent): boolean {
  const menu = slashMenuKey.getState(view.state);
  if (!menu?.open || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
  const run = (command: Command) => command(view.state, view.dispatch, view);
  switch (event.key) {
    case 'ArrowDown':
      return run(moveSlashHighlight(1));
    case 'ArrowUp':
      return run(moveSlashHighlight(-1));
    case 'Enter':
      // With nothing to pick, Enter is an ordinary Enter (the caret leaves the range and the menu closes).
      return !event.shiftKey && run(runSlashItem());
    case 'Escape':
      return run(closeSlashMenu);
    default:
      return false;
  }
}

/**
 * The menu's entries for a schema: its nodes' (the built-in ones in the spec's order,
 * those of features turned off left out), then the host's, worded from the strings table
 * by id and arranged by the host's layout.
 */
export function slashCatalogue(schema: Schema, options: SlashMenuOptions = {}): SlashItem[] {
  const words: Words = options.words ?? ENGLISH;
  const overrides: Record<string, Command | undefined> = {
    image: options.onImage ? imageCommand(options.onImage) : undefined,
    table: options.insertTable,
  };
  const own = schemaSlashItems(schema, options.features).map((item) => (item.id && overrides[item.id] ? { ...item, command: overrides[item.id]! } : item));
  const all = arrange([...own, ...(options.items ?? [])], BUILTIN_MENU_ORDER, (item) => item.id);
  return arrange(
    all.map((item) => inWords(item, words)),
    options.layout,
    (item) => item.id,
  );
}

/**
 * The headless slash menu: typing `/` at a word start opens it, typing filters it, the
 * arrows, Enter and Escape drive it, and it closes when the slash is deleted, the caret
 * leaves the range, the editor loses focus, a space follows the slash directly, or the
 * query has missed three characters in a row. The element renders `slashMenuKey`'s state.
 */
export function slashMenuPlugin(options: SlashMenuOptions = {}): Plugin<SlashMenuState> {
  // The entries depend on the schema (its nodes bring theirs), so they are made for the first state's schema.
  const catalogueFor = perSchema((schema: Schema) => slashCatalogue(schema, options));
  return new Plugin<SlashMenuState>({
    key: slashMenuKey,
    state: {
      // Arriving after a "/" was typed (the embed bundle's chunk), it opens there.
      init(_config, state) {
        const from = pendingTrigger(state, '/');
        return from === null ? CLOSED : opened(state, catalogueFor(state.schema), from, state.selection.from);
      },
      apply(tr, prev, _old, state) {
        const meta = tr.getMeta(slashMenuKey) as SlashMeta | undefined;
        if (meta?.type === 'close') return CLOSED;
        if (meta?.type === 'open') return opened(state, catalogueFor(state.schema), meta.from, meta.from + 1);
        if (!prev.open) return prev;
        if (meta?.type === 'highlight') return { ...prev, highlighted: meta.index };
        return follow(prev, tr, state, catalogueFor(state.schema));
      },
    },
    props: {
      handleTextInput(view, from, _to, text, deflt) {
        if (text !== '/' || slashMenuKey.getState(view.state)?.open || !view.editable) return false;
        if (!slashCanOpenAt(view.state.doc.resolve(from))) return false;
        view.dispatch(deflt().setMeta(slashMenuKey, { type: 'open', from } satisfies SlashMeta));
        return true;
      },
      handleKeyDown: handleKey,
      handleDOMEvents: {
        blur(view) {
          closeSlashMenu(view.state, view.dispatch);
          return false;
        },
      },
    },
  });
}
