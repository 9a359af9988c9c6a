import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, type Plugin } from 'prosemirror-state';
import { editingSlots, fillSlots, type EditingOptions } from './editing-slots.js';
import { gapCursorPlugin } from './plugins/gap-cursor.js';
import { markdownPastePlugin } from './plugins/markdown-paste.js';
import { pastePlugin } from './plugins/paste.js';
import { tablePlugins } from './plugins/table.js';
import { schema as defaultSchema } from './schema/index.js';
import { emptyDoc } from './serialize/html.js';

export type { EditingOptions } from './editing-slots.js';

/**
 * The editing behaviour of the editor: a pending browser selection read before any input
 * handler runs, paste safety (it wraps ProseMirror's own paste handling), tables (their keys come before the general
 * keymap so Tab and the arrows reach them first), input rules, keymaps and history.
 */
export function editingPlugins(options: EditingOptions = {}): Plugin[] {
  return fillSlots(editingSlots(options), { tables: tablePlugins, paste: { pastePlugin, markdownPastePlugin }, gapCursor: gapCursorPlugin });
}

/** A fresh editor state over the schema with the editing plugins. */
export function createEditorState(doc?: PMNode, options: EditingOptions = {}): EditorState {
  const start = doc ?? emptyDoc(options.schema ?? defaultSchema);
  return EditorState.create({ doc: start, plugins: editingPlugins({ schema: start.type.schema, ...options }) });
}
