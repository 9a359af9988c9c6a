import type { Command } from 'prosemirror-state';
import { insertHorizontalRule } from '../commands/blocks.js';
import { insertTable } from '../commands/table.js';
import { blockTypeCommands } from '../toolbar-state.js';

/** One entry of the slash menu. */
export interface SlashItem {
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
    { title: 'Text', description: 'Just start typing with plain text.', searchTerms: ['p', 'paragraph'], command: blockTypeCommands.text },
    { title: 'Heading 1', description: 'Big section heading.', searchTerms: ['h1', 'title', 'big', 'large'], command: blockTypeCommands.heading1 },
    { title: 'Heading 2', description: 'Medium section heading.', searchTerms: ['h2', 'subtitle', 'medium'], command: blockTypeCommands.heading2 },
    { title: 'Heading 3', description: 'Small section heading.', searchTerms: ['h3', 'subtitle', 'small'], command: blockTypeCommands.heading3 },
    { title: 'To do', description: 'Track tasks with a to-do list.', searchTerms: ['todo', 'task', 'list', 'check', 'checkbox'], command: blockTypeCommands.todo },
    { title: 'Bullet list', description: 'Create a simple bullet list.', searchTerms: ['unordered', 'point', 'ul'], command: blockTypeCommands.bullet },
    { title: 'Numbered list', description: 'Create a list with numbering.', searchTerms: ['ordered', 'ol'], command: blockTypeCommands.numbered },
    { title: 'Table', description: 'Create a table.', searchTerms: ['cell', 'db', 'data', 'tabular', 'grid'], command: options.insertTable ?? insertTable },
    { title: 'Quote', description: 'Capture a quote.', searchTerms: ['blockquote'], command: blockTypeCommands.quote },
    { title: 'Code', description: 'Capture a code snippet.', searchTerms: ['codeblock', 'pre'], command: blockTypeCommands.code },
    { title: 'Image', description: 'Upload an image from your computer.', searchTerms: ['img', 'photo', 'picture', 'media', 'upload'], command: imageCommand(options.onImage) },
    { title: 'Divider', description: 'Visually divide blocks.', searchTerms: ['line', 'hr', 'horizontal', 'rule', 'separator'], command: insertHorizontalRule },
  ];
}

/** Spec 5: entries whose title, description or a search term contains the query, ignoring case. */
export function filterSlashItems(items: readonly SlashItem[], query: string): SlashItem[] {
  const needle = query.toLowerCase();
  if (!needle) return [...items];
  const has = (text: string) => text.toLowerCase().includes(needle);
  return items.filter((item) => has(item.title) || has(item.description) || item.searchTerms.some(has));
}
