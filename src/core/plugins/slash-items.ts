import type { Command } from 'prosemirror-state';
import type { Words } from '../strings.js';

/** One entry of the slash menu. */
export interface SlashItem {
  /** A stable id: the strings table holds its words under `slash.<id>.title` and `.description`; menus are ordered and hidden by it. */
  id?: string;
  /** An icon of the editor's set by id (`text`, `heading-1`, `list`, `info`…). */
  icon?: string;
  title: string;
  description: string;
  /** Other words the entry is found by. */
  searchTerms: readonly string[];
  /** Runs after the typed `/query` is removed, in the same transaction; false when it cannot apply here. */
  command: Command;
}

/** What the built-in entries need from the host. */
export interface SlashItemOptions {
  /**
   * Opens the host's file chooser for "Image" (the upload inserts the image later). Without
   * it the entry asks the image upload plugin's `chooseFile`, and does nothing without one.
   */
  onImage?: () => void;
  /** Replaces the command behind "Table" (default: `insertTable`, a 3 by 3 table without a header row, spec section 9). */
  insertTable?: Command;
  /** The words the entries show (`slash.<id>.title` and `.description`); English by default. */
  words?: Words;
}

/** "Image" through a chooser the host gives the menu itself (the default asks the image upload plugin's). */
export function imageCommand(onImage: (() => void) | undefined): Command {
  return (_state, dispatch) => {
    if (!onImage) return false;
    if (dispatch) onImage();
    return true;
  };
}

/** An entry's words from the table (by its id), where the table has them. */
export function inWords(item: SlashItem, words: Words): SlashItem {
  if (!item.id) return item;
  return { ...item, title: words[`slash.${item.id}.title`] ?? item.title, description: words[`slash.${item.id}.description`] ?? item.description };
}

/** Spec 5: entries whose title, description or a search term contains the query, ignoring case. */
export function filterSlashItems(items: readonly SlashItem[], query: string): SlashItem[] {
  const needle = query.toLowerCase();
  if (!needle) return [...items];
  const has = (text: string) => text.toLowerCase().includes(needle);
  return items.filter((item) => has(item.title) || has(item.description) || item.searchTerms.some(has));
}
