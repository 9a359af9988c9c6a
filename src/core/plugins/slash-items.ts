import type { Command } from 'prosemirror-state';
import { insertHorizontalRule } from '../commands/blocks.js';
import { insertTable } from '../commands/table.js';
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
}

/** "Image": hands over to the host's file chooser; the upload inserts the image later. */
function imageCommand(onImage: (() => void) | undefined): Command {
  return (_state, dispatch) => {
    if (!onImage) return false;
    if (dispatch) onImage();
    return true;
  };
}

/** The spec's slash commands in the spec's order (section 9). */
export function defaultSlashItems(options: SlashItemOptions = {}): SlashItem[] {
  return [
    { id: 'text', icon: 'text', title: 'Text', description: 'Just start typing with plain text.', searchTerms: ['p', 'paragraph'], command: blockTypeCommands.text },
    { id: 'heading1', icon: 'heading-1', title: 'Heading 1', description: 'Big section heading.', searchTerms: ['h1', 'title', 'big', 'large'], command: blockTypeCommands.heading1 },
    { id: 'heading2', icon: 'heading-2', title: 'Heading 2', description: 'Medium section heading.', searchTerms: ['h2', 'subtitle', 'medium'], command: blockTypeCommands.heading2 },
    { id: 'heading3', icon: 'heading-3', title: 'Heading 3', description: 'Small section heading.', searchTerms: ['h3', 'subtitle', 'small'], command: blockTypeCommands.heading3 },
    { id: 'todo', icon: 'todo', title: 'To do', description: 'Track tasks with a to-do list.', searchTerms: ['todo', 'task', 'list', 'check', 'checkbox'], command: blockTypeCommands.todo },
    { id: 'bullet', icon: 'bullet-list', title: 'Bullet list', description: 'Create a simple bullet list.', searchTerms: ['unordered', 'point', 'ul'], command: blockTypeCommands.bullet },
    { id: 'numbered', icon: 'numbered-list', title: 'Numbered list', description: 'Create a list with numbering.', searchTerms: ['ordered', 'ol'], command: blockTypeCommands.numbered },
    { id: 'table', icon: 'table', title: 'Table', description: 'Create a table.', searchTerms: ['cell', 'db', 'data', 'tabular', 'grid'], command: options.insertTable ?? insertTable },
    { id: 'quote', icon: 'quote', title: 'Quote', description: 'Capture a quote.', searchTerms: ['blockquote'], command: blockTypeCommands.quote },
    { id: 'code', icon: 'code', title: 'Code', description: 'Capture a code snippet.', searchTerms: ['codeblock', 'pre'], command: blockTypeCommands.code },
    { id: 'image', icon: 'image', title: 'Image', description: 'Upload an image from your computer.', searchTerms: ['img', 'photo', 'picture', 'media', 'upload'], command: imageCommand(options.onImage) },
    { id: 'divider', icon: 'divider', title: 'Divider', description: 'Visually divide blocks.', searchTerms: ['line', 'hr', 'horizontal', 'rule', 'separator'], command: insertHorizontalRule },
  ];
}

/** Spec 5: entries whose title, description or a search term contains the query, ignoring case. */
export function filterSlashItems(items: readonly SlashItem[], query: string): SlashItem[] {
  const needle = query.toLowerCase();
  if (!needle) return [...items];
  const has = (text: string) => text.toLowerCase().includes(needle);
  return items.filter((item) => has(item.title) || has(item.description) || item.searchTerms.some(has));
}
