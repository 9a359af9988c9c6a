import { history } from 'prosemirror-history';
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, type Plugin } from 'prosemirror-state';
import { domSelectionPlugin } from './plugins/dom-selection.js';
import { gapCursorPlugin } from './plugins/gap-cursor.js';
import { editorInputRules } from './plugins/input-rules.js';
import { editorKeymap } from './plugins/keymap.js';
import { markdownPastePlugin } from './plugins/markdown-paste.js';
import { pastePlugin } from './plugins/paste.js';
import { tabKeyPlugin } from './plugins/tab-key.js';
import { tablePlugins } from './plugins/table.js';
import { textInputPlugin } from './plugins/text-input.js';
import { schema } from './schema/index.js';
import { emptyDoc } from './serialize/html.js';

/** Options for the editing plugins. */
export interface EditingOptions {
  /** Plugins that run before the built-in ones (their keys win). */
  plugins?: Plugin[];
}

/**
 * The editing behaviour of the editor: a pending browser selection read before any input
 * handler runs, paste safety (it wraps ProseMirror's own paste handling), tables (their keys come before the general
 * keymap so Tab and the arrows reach them first), input rules, keymaps and history.
 */
export function editingPlugins(options: EditingOptions = {}): Plugin[] {
  return [domSelectionPlugin(), pastePlugin(), markdownPastePlugin(), ...(options.plugins ?? []), ...tablePlugins(), editorInputRules(), ...editorKeymap(), gapCursorPlugin(), history(), textInputPlugin(), tabKeyPlugin()];
}

/** A fresh editor state over the schema with the editing plugins. */
export function createEditorState(doc: PMNode = emptyDoc(schema), options: EditingOptions = {}): EditorState {
  return EditorState.create({ doc, plugins: editingPlugins(options) });
}
