import type { Command } from 'prosemirror-state';
import { insertHorizontalRule } from '../commands/blocks.js';
import { insertTable } from '../commands/table.js';
import { ENGLISH, type Words } from '../strings.js';
import { blockTypeCommands } from '../toolbar-state.js';

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
  /** Opens the host's file chooser for "Image" (the element owns it and inserts the upload later); without it the entry does nothing. */
  onImage?: () => void;
  /** Replaces the command behind "Table" (default: `insertTable`, a 3 by 3 table without a header row, spec section 9). */
  insertTable?: Command;
  /** The words the entries show (`slash.<id>.title` and `.description`); English by default. */
  words?: Words;
}

/** "Image": hands over to the host's file chooser; the upload inserts the image later. */
function imageCommand(onImage: (() => void) | undefined): Command {
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

/** The spec's slash commands in the spec's order (section 9), titled from the words table by id. */
export function defaultSlashItems(options: SlashItemOptions = {}): SlashItem[] {
  const words: Words = options.words ?? ENGLISH;
  const item = (id: string, icon: string, searchTerms: string[], command: Command): SlashItem => ({
    id,
    icon,
    title: words[`slash.${id}.title`] ?? id,
    description: words[`slash.${id}.description`] ?? '',
    searchTerms,
    command,
  });
  return [
    item('text', 'text', ['p', 'paragraph'], blockTypeCommands.text),
    item('heading1', 'heading-1', ['h1', 'title', 'big', 'large'], blockTypeCommands.heading1),
    item('heading2', 'heading-2', ['h2', 'subtitle', 'medium'], blockTypeCommands.heading2),
    item('heading3', 'heading-3', ['h3', 'subtitle', 'small'], blockTypeCommands.heading3),
    item('todo', 'todo', ['todo', 'task', 'list', 'check', 'checkbox'], blockTypeCommands.todo),
    item('bullet', 'bullet-list', ['unordered', 'point', 'ul'], blockTypeCommands.bullet),
    item('numbered', 'numbered-list', ['ordered', 'ol'], blockTypeCommands.numbered),
    item('table', 'table', ['cell', 'db', 'data', 'tabular', 'grid'], options.insertTable ?? insertTable),
    item('quote', 'quote', ['blockquote'], blockTypeCommands.quote),
    item('code', 'code', ['codeblock', 'pre'], blockTypeCommands.code),
    item('image', 'image', ['img', 'photo', 'picture', 'media', 'upload'], imageCommand(options.onImage)),
    item('divider', 'divider', ['line', 'hr', 'horizontal', 'rule', 'separator'], insertHorizontalRule),
  ];
}

/** Spec 5: entries whose title, description or a search term contains the query, ignoring case. */
export function filterSlashItems(items: readonly SlashItem[], query: string): SlashItem[] {
  const needle = query.toLowerCase();
  if (!needle) return [...items];
  const has = (text: string) => text.toLowerCase().includes(needle);
  return items.filter((item) => has(item.title) || has(item.description) || item.searchTerms.some(has));
}
