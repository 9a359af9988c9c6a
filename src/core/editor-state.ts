import { history } from 'prosemirror-history';
import type { Node as PMNode, Schema } from 'prosemirror-model';
import { featureOn, type Features } from './features.js';
import { EditorState, type Plugin } from 'prosemirror-state';
import { domSelectionPlugin } from './plugins/dom-selection.js';
import { gapCursorPlugin } from './plugins/gap-cursor.js';
import { editorInputRules } from './plugins/input-rules.js';
import { editorKeymap, type UndoCommands } from './plugins/keymap.js';
import { markdownPastePlugin } from './plugins/markdown-paste.js';
import { pastePlugin } from './plugins/paste.js';
import { tabKeyPlugin } from './plugins/tab-key.js';
import { tablePlugins } from './plugins/table.js';
import { textInputPlugin } from './plugins/text-input.js';
import { nodeViewEditabilityPlugin } from './extensions/node-view.js';
import { schema as defaultSchema } from './schema/index.js';
import { emptyDoc } from './serialize/html.js';

/** Options for the editing plugins. */
export interface EditingOptions {
  /** The schema the plugins work on (the built-in one by default). */
  schema?: Schema;
  /** Plugins that run before the built-in ones (their keys win). */
  plugins?: Plugin[];
  /** Plugins after every built-in one (extensions' keys at a priority of 50 or below: only keys the editor leaves alone). */
  fallback?: Plugin[];
  /** Built-in pieces turned off (tables, markdown paste, typography, task lists, markdown shortcuts…). */
  features?: Features;
  /**
   * The undo history: ProseMirror's by default; a shared document brings its own (which undoes
   * only this editor's changes), its plugins and its commands for the keys.
   */
  history?: { plugins: Plugin[] } & UndoCommands;
}

/**
 * The editing behaviour of the editor: a pending browser selection read before any input
 * handler runs, paste safety (it wraps ProseMirror's own paste handling), tables (their keys come before the general
 * keymap so Tab and the arrows reach them first), input rules, keymaps and history.
 */
export function editingPlugins(options: EditingOptions = {}): Plugin[] {
  const schema = options.schema ?? defaultSchema;
  const { features } = options;
  // prosemirror-tables needs table node types (found by their tableRole).
  const tables = featureOn(features, 'tables') && Object.values(schema.nodes).some((type) => type.spec.tableRole === 'table');
  return [
    domSelectionPlugin(),
    pastePlugin(),
    ...(featureOn(features, 'markdownPaste') ? [markdownPastePlugin()] : []),
    ...(options.plugins ?? []),
    ...(tables ? tablePlugins(schema) : []),
    editorInputRules(schema, features),
    ...editorKeymap(schema, features, options.history),
    gapCursorPlugin(),
    ...(options.history ? options.history.plugins : [history()]),
    textInputPlugin(),
    tabKeyPlugin(),
    nodeViewEditabilityPlugin(),
    ...(options.fallback ?? []),
  ];
}

/** A fresh editor state over the schema with the editing plugins. */
export function createEditorState(doc?: PMNode, options: EditingOptions = {}): EditorState {
  const start = doc ?? emptyDoc(options.schema ?? defaultSchema);
  return EditorState.create({ doc: start, plugins: editingPlugins({ schema: start.type.schema, ...options }) });
}
