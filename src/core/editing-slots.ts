/**
 * The editing plugins in their order, with a slot where a part that may come later goes:
 * the embed bundle's entry holds what a first paint and typing need, and fills the slots
 * when the parts' chunk arrives (`state.reconfigure` with the same plugins around them, so
 * their state is kept). `editingPlugins` (editor-state.ts) fills every slot at once.
 */
import { history } from 'prosemirror-history';
import type { Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import type { imageUploadPlugin, uploadImages } from './plugins/image-upload.js';
import type { gapCursorPlugin } from './plugins/gap-cursor.js';
import type { markdownPastePlugin } from './plugins/markdown-paste.js';
import type { mentionPlugin } from './plugins/mention.js';
import type { mentionHighlightsPlugin, refreshMentionHighlights } from './plugins/mention-highlights.js';
import type { pastePlugin } from './plugins/paste.js';
import type { PlaceholderRenderer } from './plugins/upload-placeholder.js';
import type { slashMenuPlugin } from './plugins/slash-menu.js';
import type { setupSlashItems } from './extensions/setup-menus.js';
import type { blockMoveKeymap } from './commands/move-block.js';
import { featureOn, type Features } from './features.js';
import { clipboardPlugin } from './plugins/clipboard.js';
import { domSelectionPlugin } from './plugins/dom-selection.js';
import { editorInputRules } from './plugins/input-rules.js';
import { editorKeymap, type UndoCommands } from './plugins/keymap.js';
import { tabKeyPlugin } from './plugins/tab-key.js';
import { textInputPlugin } from './plugins/text-input.js';
import { nodeViewEditabilityPlugin } from './extensions/node-view.js';
import { schema as defaultSchema } from './schema/index.js';

/** Options for the editing plugins. */
export interface EditingOptions {
  /** The schema the plugins work on (the built-in one by default). */
  schema?: Schema;
  /** Plugins that run before the built-in ones (their keys win), with the slots of parts that may come later. */
  plugins?: PluginSlots;
  /** Plugins after every built-in one (extensions' keys at a priority of 50 or below: only keys the editor leaves alone). */
  fallback?: Plugin[];
  /** Built-in pieces turned off (tables, markdown paste, typography, task lists, markdown shortcuts…). */
  features?: Features;
  /**
   * The undo history: ProseMirror's by default; a shared document brings its own (which undoes
   * only this editor's changes), its plugins and its commands for the keys.
   */
  history?: { plugins: Plugin[] } & UndoCommands;
  /** What stands in for table editing until it arrives (its slot's `waiting` plugins: the held Tab, plugins/held-input.ts). */
  tablesWaiting?: readonly Plugin[];
}

/** The parts that may come later, each what makes its plugins. */
export interface EditingParts {
  /** Table editing: cell selection, column resizing, the table keys and clipboard (plugins/table.ts). */
  tables: (schema: Schema) => Plugin[];
  /** The suggestion menus' plugins, which come with the menus that show them, and the keys that move blocks, which come with the drag handle (element/pieces.ts). */
  menus: { slashMenuPlugin: typeof slashMenuPlugin; mentionPlugin: typeof mentionPlugin; setupSlashItems: typeof setupSlashItems; blockMoveKeymap: typeof blockMoveKeymap };
  /** The paste pipeline (plugins/paste.ts, with markdown paste): what cleans pasted and dropped content. */
  paste: { pastePlugin: typeof pastePlugin; markdownPastePlugin: typeof markdownPastePlugin };
  /** Image uploads (plugins/image-upload.ts): pasted, dropped or chosen image files (element/image-uploads.ts). */
  uploads: { imageUploadPlugin: typeof imageUploadPlugin; uploadImages: typeof uploadImages; uploadPlaceholder: PlaceholderRenderer };
  /** The code block's and the image's views' plugins (syntax highlighting), which come with the views (element/block-views.ts). */
  views: (features?: Features) => Plugin[];
  /** The gap cursor (plugins/gap-cursor.ts), which comes with the first block drawn that a gap can stand beside (element/gaps.ts). */
  gapCursor: typeof gapCursorPlugin;
  /** Mention highlights (plugins/mention-highlights.ts), which come once a host gives its list (element/highlights.ts). */
  highlights: { mentionHighlightsPlugin: typeof mentionHighlightsPlugin; refreshMentionHighlights: typeof refreshMentionHighlights };
}

/** Where a part's plugins go, how they are made from it, and what stands in for them until then. */
export interface PartSlot {
  readonly part: keyof EditingParts;
  readonly make: (provided: never) => Plugin[];
  readonly waiting: readonly Plugin[];
}

/** The slot of `part`, whose plugins `make` makes from it once it has arrived; `waiting` (none by default) are there until then. */
export function partSlot<K extends keyof EditingParts>(part: K, make: (provided: EditingParts[K]) => Plugin[], waiting: readonly Plugin[] = []): PartSlot {
  return { part, make, waiting };
}

/** The editing plugins, and the slots of the parts that may come later. */
export type PluginSlots = ReadonlyArray<Plugin | PartSlot>;

/** The plugins each filled slot got: a slot is filled once, so a later part's arrival keeps an earlier part's plugins (and their views). */
const filled = new WeakMap<PartSlot, Plugin[]>();

/**
 * The editing behaviour of the editor: a pending browser selection read before any input
 * handler runs, paste safety (it wraps ProseMirror's own paste handling), tables (their keys
 * come before the general keymap so Tab and the arrows reach them first), input rules,
 * keymaps, history and the plain text copies put on the clipboard.
 */
export function editingSlots(options: EditingOptions = {}): PluginSlots {
  const schema = options.schema ?? defaultSchema;
  const { features } = options;
  // prosemirror-tables needs table node types (found by their tableRole).
  const tables = featureOn(features, 'tables') && Object.values(schema.nodes).some((type) => type.spec.tableRole === 'table');
  return [
    domSelectionPlugin(),
    partSlot('paste', ({ pastePlugin, markdownPastePlugin }) => [pastePlugin(), ...(featureOn(features, 'markdownPaste') ? [markdownPastePlugin()] : [])]),
    ...(options.plugins ?? []),
    ...(tables ? [partSlot('tables', (tablePlugins) => tablePlugins(schema), options.tablesWaiting)] : []),
    editorInputRules(schema, features),
    ...editorKeymap(schema, features, options.history),
    partSlot('gapCursor', (gapCursorPlugin) => [gapCursorPlugin()]),
    ...(options.history ? options.history.plugins : [history()]),
    textInputPlugin(),
    tabKeyPlugin(),
    nodeViewEditabilityPlugin(),
    // After the host's plugins: one that writes its own clipboard HTML or text is asked first.
    clipboardPlugin(schema),
    ...(options.fallback ?? []),
  ];
}

/** The plugins of `slots`, each slot filled by its part where `parts` has it (left empty where it does not yet). */
export function fillSlots(slots: PluginSlots, parts: Partial<EditingParts>): Plugin[] {
  return slots.flatMap((slot) => {
    if (!('part' in slot)) return [slot];
    const provided = parts[slot.part];
    if (!provided) return [...slot.waiting];
    let plugins = filled.get(slot);
    if (!plugins) filled.set(slot, (plugins = slot.make(provided as never)));
    return plugins;
  });
}

/** Whether `slots` has a slot for `part`. */
export function hasSlot(slots: PluginSlots, part: keyof EditingParts): boolean {
  return slots.some((slot) => 'part' in slot && slot.part === part);
}
