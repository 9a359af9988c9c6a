/** The editor core: schema, serialisers, URL safety, commands and plugins. ProseMirror only; no UI. */
export * from './schema/index.js';
export * from './serialize/index.js';
export * from './url.js';
export * from './code-languages.js';
export { log, setLogger, type Logger } from './log.js';

export * from './commands/block-joins.js';
export * from './commands/blocks.js';
export * from './commands/chain.js';
export * from './commands/image.js';
export * from './commands/lists.js';
export * from './commands/marks.js';
export * from './commands/table.js';
export * from './commands/table-color.js';
export * from './commands/table-header.js';

export * from './plugins/dom-selection.js';
export * from './plugins/gap-cursor.js';
export * from './plugins/image-tracking.js';
export * from './plugins/image-upload.js';
export * from './plugins/input-rules.js';
export * from './plugins/keymap.js';
export * from './plugins/link.js';
export * from './plugins/markdown-paste.js';
export * from './plugins/mention.js';
export * from './plugins/mention-click.js';
export * from './plugins/mention-highlights.js';
export * from './plugins/paste.js';
export * from './plugins/placeholder.js';
export * from './plugins/slash-items.js';
export * from './plugins/slash-menu.js';
export * from './plugins/table.js';
export * from './plugins/tab-key.js';
export * from './plugins/table-clipboard.js';
export * from './plugins/task-list.js';
export * from './plugins/text-input.js';
export * from './plugins/toc.js';
export * from './plugins/typography.js';

export * from './editor-state.js';
export * from './operations.js';
export * from './toolbar-state.js';

export * from './features.js';
export * from './menus.js';
export * from './strings.js';
export * from './block-menu.js';
export { editorSetup, editorSetupKey, editorSetupPlugin, blockMenuOf, BUILTIN_BLOCK_MENU, type EditorSetup, type SetupState } from './extensions/setup.js';
/** The editor's own node definitions (the same API a host's extensions use), to extend or replace one. */
export * as blocks from './blocks/index.js';
export type {
  EditorExtension,
  ExtensionContext,
  ExtensionInput,
  MarkDefinition,
  MarkdownHelpers,
  MarkdownRule,
  NodeDefinition,
  SlashEntry,
} from './extensions/types.js';
export { attrDefOf, attrDefsOf, type AttrKind } from './schema/attr-kinds.js';

// Node and server rendering: a DOM for HTML parsing where there is none, HTML written without one.
export { setDOMImplementation, type DomImplementation } from './dom.js';
export { fragmentToHTML, type FragmentHTMLOptions } from './serialize/html-string.js';
