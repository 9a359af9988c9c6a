/**
 * Every word the editor shows or announces, in one table a host can override (the
 * element's `strings` property). English is the default; a locale is data
 * (`rich-editor/locales/fr` ships as the proof that nothing is hard-coded). `{name}`
 * in a string is filled in where it is used.
 */
import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';

/** The English words: the spec's own strings where it gives them (placeholder, upload alerts). */
export const ENGLISH = {
  'editor.label': 'Rich text editor',
  // Told to assistive technology on an editable editor: Tab indents there, so this is the way out (WCAG 2.1.2).
  'editor.leaveHint': 'Press Escape, then Tab, to leave the editor.',
  placeholder: "Press '/' for commands...",
  'placeholder.heading': 'Heading {level}',

  'form.required': 'Please fill out this field.',

  'upload.noFile': 'No file selected. Please select a file to upload.',
  'upload.invalidType': 'Invalid file type. Please select an image file.',
  'upload.tooLarge': 'File size too large. Please select a file smaller than {size}.',
  'upload.dismiss': 'Dismiss',
  'upload.uploading': 'Uploading {name}',
  'upload.progress': 'Upload progress',
  'upload.cancel': 'Cancel upload',

  'todo.done': 'Done',

  'collab.connecting': 'Connecting to the shared document…',
  'collab.offline': 'Cannot reach the shared document. Trying again…',
  'collab.unauthorized': 'You may not edit this document.',
  'collab.incompatible': 'This document holds content this editor cannot show, so it is read-only here. Nothing has been changed.',
  'collab.tooLarge': 'That change is too large to share at once, so it was not made. Paste it in smaller parts.',
  'collab.you': 'You',

  'slash.label': 'Commands',
  'slash.empty': 'No matching commands',
  'slash.text.title': 'Text',
  'slash.text.description': 'Just start typing with plain text.',
  'slash.heading1.title': 'Heading 1',
  'slash.heading1.description': 'Big section heading.',
  'slash.heading2.title': 'Heading 2',
  'slash.heading2.description': 'Medium section heading.',
  'slash.heading3.title': 'Heading 3',
  'slash.heading3.description': 'Small section heading.',
  'slash.todo.title': 'To do',
  'slash.todo.description': 'Track tasks with a to-do list.',
  'slash.bullet.title': 'Bullet list',
  'slash.bullet.description': 'Create a simple bullet list.',
  'slash.numbered.title': 'Numbered list',
  'slash.numbered.description': 'Create a list with numbering.',
  'slash.table.title': 'Table',
  'slash.table.description': 'Create a table.',
  'slash.quote.title': 'Quote',
  'slash.quote.description': 'Capture a quote.',
  'slash.code.title': 'Code',
  'slash.code.description': 'Capture a code snippet.',
  'slash.image.title': 'Image',
  'slash.image.description': 'Upload an image from your computer.',
  'slash.divider.title': 'Divider',
  'slash.divider.description': 'Visually divide blocks.',

  'blockMenu.label': 'Block type',
  'blockMenu.multiple': 'Multiple',
  'blockMenu.text': 'Text',
  'blockMenu.heading1': 'Heading 1',
  'blockMenu.heading2': 'Heading 2',
  'blockMenu.heading3': 'Heading 3',
  'blockMenu.todo': 'To-do list',
  'blockMenu.bullet': 'Bullet list',
  'blockMenu.numbered': 'Numbered list',
  'blockMenu.quote': 'Quote',
  'blockMenu.code': 'Code',

  'toolbar.label': 'Formatting',
  'toolbar.bold': 'Bold',
  'toolbar.italic': 'Italic',
  'toolbar.strike': 'Strikethrough',
  'toolbar.underline': 'Underline',
  'toolbar.code': 'Code',
  'toolbar.link': 'Link',
  'toolbar.editLink': 'Edit link',
  'toolbar.linkUrl': 'Link URL',
  'toolbar.removeLink': 'Remove link',

  'announce.markOn': '{mark} on',
  'announce.markOff': '{mark} off',
  'announce.movedUp': 'Block moved up',
  'announce.movedDown': 'Block moved down',

  'mention.label': 'Mention suggestions',
  'mention.loading': 'Loading...',
  'mention.empty': 'No results',

  'dragHandle.label': 'Drag to move block',
  'image.resize': 'Resize image',
  'image.size': '{width} × {height} pixels',
  'image.alt': 'Alt text',
  'image.altPlaceholder': 'Describe this image',

  'code.language': 'Code language',
  'code.plaintext': 'Plain text',
  'code.copy': 'Copy',
  'code.copyLabel': 'Copy code',
  'code.copied': 'Copied',

  'table.rowOptions': 'Row options',
  'table.columnOptions': 'Column options',
  'table.insertRowAbove': 'Insert row above',
  'table.insertRowBelow': 'Insert row below',
  'table.deleteRow': 'Delete row',
  'table.headerRow': 'Header row',
  'table.insertColumnLeft': 'Insert column left',
  'table.insertColumnRight': 'Insert column right',
  'table.deleteColumn': 'Delete column',
  'table.headerColumn': 'Header column',
  'table.deleteTable': 'Delete table',
  'table.colour': 'Colour',
  'table.colour.blue': 'Blue',
  'table.colour.orange': 'Orange',
  'table.colour.grey': 'Grey',
  'table.colour.yellow': 'Yellow',
  'table.colour.green': 'Green',
  'table.colour.red': 'Red',
  'table.colour.pink': 'Pink',
  'table.colour.purple': 'Purple',
  'table.colour.none': 'None',
} as const;

/** A word's key in the table. */
export type StringKey = keyof typeof ENGLISH;

/** A table of words: the keys of `ENGLISH` (an extension's own `slash.<id>.title` keys too), any of them left out. */
export type Strings = Readonly<Partial<Record<StringKey, string>> & Record<string, string | undefined>>;

/** A full table: English, with a host's words over it. */
export type Words = Readonly<Record<StringKey, string> & Record<string, string | undefined>>;

/** English with `strings` laid over it (an empty or non-string value keeps the English word). */
export function wordsWith(strings: Strings | null | undefined): Words {
  if (!strings) return ENGLISH;
  const words: Record<string, string> = { ...ENGLISH };
  for (const [key, value] of Object.entries(strings)) if (typeof value === 'string' && value) words[key] = value;
  return words as Words;
}

/** A word with its `{name}` placeholders filled in. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The key of the plugin that holds an editor's words. */
export const stringsKey = new PluginKey<Words>('strings');

/** Holds the words in the editor's state, for plugins and the element's pieces to read. */
export function stringsPlugin(strings: Strings | null | undefined): Plugin<Words> {
  const words = wordsWith(strings);
  return new Plugin<Words>({ key: stringsKey, state: { init: () => words, apply: (_tr, current) => current } });
}

/** The words of an editor's state (English where no table is held). */
export function wordsOf(state: EditorState | null | undefined): Words {
  return (state && stringsKey.getState(state)) ?? ENGLISH;
}
