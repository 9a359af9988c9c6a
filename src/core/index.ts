/** The editor core: schema, serialisers, URL safety, commands and plugins. ProseMirror only; no UI. */
export {
  type AttrDef,
  type AttrDefs,
  attrSpecs,
  cleanAttrs,
  type Cleaner,
  hasRequiredAttrs,
  LINK_REL,
  marks,
  type NodeName,
  nodes,
  type SafeMarkSpec,
  type SafeNodeSpec,
  schema,
} from './schema/index.js';
export {
  type DomEnvironment,
  emptyDoc,
  type JSONNode,
  MAX_HTML_DEPTH,
  MAX_HTML_ELEMENTS,
  parseHTML,
  parseJSON,
  parseMarkdown,
  serializeDOM,
  serializeHTML,
  serializeJSON,
  serializeMarkdown,
  textToDoc,
  trimEmptyParagraphs,
} from './serialize/index.js';
export {
  cleanLinkHref,
  imagePath,
  isValidLinkUrl,
  LINK_PROTOCOLS,
  linkHrefFromInput,
  type PaletteColor,
  safeColor,
  safeImageSrc,
  safeLanguage,
  safeLinkHref,
  safeRedirect,
  TABLE_COLORS,
} from './url.js';
export { CODE_LANGUAGES, knownLanguage, PLAIN_LANGUAGE } from './code-languages.js';
export { setLogger, type Logger } from './log.js';
export { clock, setClock, type Clock } from './clock.js';

export { headingToParagraphAtStart, joinAcrossListForward, joinIntoListBackward } from './commands/block-joins.js';
export {
  canInsert,
  insertHardBreak,
  insertHorizontalRule,
  isBlockActive,
  isInside,
  setParagraph,
  toggleBlockquote,
  toggleCodeBlock,
  toggleHeading,
} from './commands/blocks.js';

export {
  fitImageSize,
  imageAt,
  type ImageSize,
  insertImageAt,
  MAX_IMAGE_DIMENSION,
  MIN_IMAGE_DIMENSION,
  resizeImage,
  setImageSize,
} from './commands/image.js';
export {
  convertList,
  findList,
  isListType,
  itemTypeOf,
  liftItem,
  listTypes,
  setTaskChecked,
  sinkItem,
  splitItem,
  toggleBulletList,
  toggleList,
  toggleListNamed,
  toggleOrderedList,
  toggleTaskList,
} from './commands/lists.js';
export {
  toggleBold,
  toggleCode,
  toggleItalic,
  toggleMarkNamed,
  toggleStrike,
  toggleUnderline,
} from './commands/marks.js';
export {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowAtEnd,
  addRowBefore,
  createTable,
  deleteColumn,
  deleteRow,
  deleteTable,
  insertTable,
  insertTableAtSelection,
  isInTable,
  NEW_TABLE_COLUMNS,
  NEW_TABLE_ROWS,
} from './commands/table.js';
export { setColumnColor, setRowColor, tableColorAttrs, type TableColorAttrs } from './commands/table-color.js';
export { paragraphsOf, setCellTypes, toggleHeaderColumn, toggleHeaderRow } from './commands/table-header.js';

export { domSelectionKey, domSelectionPlugin, withDomSelection } from './plugins/dom-selection.js';
export { GapCursor, gapCursorAt, gapCursorPlugin, selectionBeyond, typeBesideBlock } from './plugins/gap-cursor.js';
export {
  type ImageCallBatch,
  imageTrackingKey,
  type ImageTrackingOptions,
  imageTrackingPlugin,
  type ImageTrackingState,
} from './plugins/image-tracking.js';
export { REPLACE_CONTENT_META, SKIP_IMAGE_TRACKING_META } from './transaction-meta.js';
export {
  canReplaceContent,
  defaultPlaceholder,
  FILE_TOO_LARGE_MESSAGE,
  type ImageRules,
  type ImageUploadOptions,
  imageUploadPlugin,
  INVALID_TYPE_MESSAGE,
  isUploading,
  MAX_IMAGE_FILE_SIZE,
  NO_FILE_MESSAGE,
  type PendingUpload,
  type PlaceholderContext,
  type PlaceholderRenderer,
  type PlaceholderView,
  sizeLabel,
  type UploadContext,
  uploadImages,
  type UploadState,
  validateImageFile,
} from './plugins/image-upload.js';
export { chooseImageFile, imageUploadKey } from './commands/choose-image.js';
export { editorInputRules } from './plugins/input-rules.js';
export { editorKeymap, selectBlockThenAll, selectDocumentEdge, undoWithInputRules } from './plugins/keymap.js';
export {
  findUrls,
  hrefForText,
  linkKey,
  type LinkOptions,
  linkPlugin,
  linkRangeAt,
  removeLink,
  setLink,
} from './plugins/link.js';
export { looksLikeMarkdown, markdownPasteKey, markdownPastePlugin } from './plugins/markdown-paste.js';
export {
  closeMention,
  filterMentionItems,
  MENTION_SEARCH_DELAY,
  mentionAttrs,
  mentionCanOpenAt,
  type MentionEntry,
  type MentionGenericItem,
  type MentionItem,
  mentionItemOf,
  mentionKey,
  type MentionOptions,
  mentionPlugin,
  type MentionSearch,
  type MentionSpecItem,
  type MentionState,
  moveMentionHighlight,
  selectMention,
  setMentionHighlight,
} from './plugins/mention.js';
export { mentionClickKey, type MentionClickOptions, mentionClickPlugin } from './plugins/mention-click.js';
export {
  MENTION_HIGHLIGHT_CLASS,
  mentionHighlightsKey,
  type MentionHighlightsOptions,
  mentionHighlightsPlugin,
  type MentionHighlightsState,
  refreshMentionHighlights,
  setMentionHighlights,
} from './plugins/mention-highlights.js';
export { pasteKey, pastePlugin } from './plugins/paste.js';
export {
  DEFAULT_PLACEHOLDER,
  placeholderKey,
  type PlaceholderOptions,
  placeholderPlugin,
} from './plugins/placeholder.js';
export { filterSlashItems, imageCommand, type SlashItem, type SlashItemOptions } from './plugins/slash-items.js';
export {
  closeSlashMenu,
  moveSlashHighlight,
  runSlashItem,
  setSlashHighlight,
  SLASH_MISSES_BEFORE_CLOSE,
  slashCanOpenAt,
  slashCatalogue,
  slashMenuKey,
  type SlashMenuOptions,
  slashMenuPlugin,
  type SlashMenuState,
} from './plugins/slash-menu.js';
export {
  CellSelection,
  columnResizingPluginKey,
  leaveTable,
  nextCellOrNewRow,
  previousCell,
  TABLE_CELL_MIN_WIDTH,
  TABLE_RESIZE_HANDLE_WIDTH,
  tableEditingKey,
  tablePlugins,
} from './plugins/table.js';
export { NODE_CONTROL_ATTRIBUTE, TAB_ESCAPE_WINDOW, tabKeyKey, tabKeyPlugin } from './plugins/tab-key.js';
export { cellsToText, tableClipboard } from './plugins/table-clipboard.js';
export { taskListKey, taskListPlugin } from './plugins/task-list.js';
export { textInputKey, textInputPlugin } from './plugins/text-input.js';
export { scrollToHeading, tableOfContents, type TocEntry } from './plugins/toc.js';
export { typographyRules } from './plugins/typography.js';

export { createEditorState, type EditingOptions, editingPlugins } from './editor-state.js';
export {
  clearContent,
  focusAt,
  type FocusPosition,
  insertAtSavedSelection,
  replaceContentTr,
  savedSelectionKey,
  savedSelectionPlugin,
  setContent,
} from './operations.js';
export {
  type BlockType,
  blockTypeCommands,
  markActive,
  type ToolbarContext,
  type ToolbarItem,
  type ToolbarMark,
  toolbarState,
  type ToolbarState,
} from './toolbar-state.js';

export {
  type BuiltinFeatureName,
  checkFeatures,
  type CustomFeatures,
  type ExtensionFeatureName,
  FEATURE_NAMES,
  type FeatureName,
  featureOn,
  type Features,
} from './features.js';
export { arrange, BUILTIN_MENU_ORDER, type MenuLayout, type Menus } from './menus.js';
export {
  ENGLISH,
  fill,
  type StringKey,
  type Strings,
  stringsKey,
  stringsPlugin,
  type Words,
  wordsOf,
  wordsWith,
} from './strings.js';
export { blockKindCommand, setTextBlock } from './block-menu.js';
export { type BlockMenuEntry, selectedBlockKind, TEXT_BLOCK_ID } from './commands/block-kind.js';
export { editorSetup, editorSetupKey, editorSetupPlugin, blockMenuOf, BUILTIN_BLOCK_MENU, type EditorSetup, type SetupState } from './extensions/setup.js';
/** The editor's own node definitions (the same API a host's extensions use), to extend or replace one. */
import * as blocks from './blocks/index.js';
export { blocks };
export type {
  CommandFactory,
  EdgeHook,
  EditorCommands,
  EditorExtension,
  ExtensionContext,
  ExtensionInput,
  MarkDefinition,
  MarkdownHelpers,
  MarkdownRule,
  MarkdownSyntax,
  NodeDefinition,
  SlashEntry,
} from './extensions/types.js';
// Extensions' interactive blocks: node views, and ProseMirror's modules as the editor runs them.
export { definedNodeView, nodeViewShell, schemaNodeViews, stopControlEvents, type NodeViewContext, type NodeViewFactory, type NodeViewProps, type NodeViewShell } from './extensions/node-view.js';
export { BUILTIN_PRIORITY, EXTENSION_PRIORITY } from './extensions/define.js';
export { pm, type ProseMirror } from './pm.js';
export { attrDefOf, attrDefsOf, type AttrKind } from './schema/attr-kinds.js';

// Node and server rendering: a DOM for HTML parsing where there is none, HTML written without one.
export { setDOMImplementation, type DomImplementation } from './dom.js';
export { fragmentToHTML, type FragmentHTMLOptions } from './serialize/html-string.js';
