/**
 * `rich-editor/core/unstable`: what the element builds itself from (plugins, their keys and
 * states, key maps and input rules, the pieces of menus and node views). For a host that
 * assembles its own editor from the parts; any of it may change in a minor version. The
 * stable API is `rich-editor/core`.
 */
// What writes HTML here writes it with the string writer, with no DOM (serialize/html-writer.ts).
import './serialize/string-writer.js';
export { attrSpecs, cleanAttrs, type Cleaner, hasRequiredAttrs, type SafeMarkSpec, type SafeNodeSpec } from './schema/index.js';
export { headingToParagraphAtStart, joinAcrossBlocksForward, joinIntoBlocksBackward } from './commands/block-joins.js';
export { imageAt } from './commands/image.js';
export { convertList, findList, isListType, itemTypeOf, listTypes } from './commands/lists.js';
export { tableColorAttrs, type TableColorAttrs } from './commands/table-color.js';
export { paragraphsOf, setCellTypes } from './commands/table-header.js';
export { domSelectionKey, domSelectionPlugin, withDomSelection } from './plugins/dom-selection.js';
export { GapCursor, gapCursorPlugin, selectionBeyond } from './plugins/gap-cursor.js';
export { gapCursorAt, isGapCursor, typeBesideBlock } from './plugins/gap-places.js';
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
  imageUploadPlugin,
  isUploading,
  type PendingUpload,
  type PlaceholderContext,
  type PlaceholderRenderer,
  type PlaceholderView,
  type UploadState,
} from './plugins/image-upload.js';
export { chooseImageFile, imageUploadKey } from './commands/choose-image.js';
export { editorInputRules } from './plugins/input-rules.js';
export { editorKeymap, selectBlockThenAll, selectDocumentEdge, undoWithInputRules } from './plugins/keymap.js';
export { type Autolinked, findUrls, hrefForText, linkKey, linkRangeAt, type LinkOptions, linkPlugin, undoAutolink } from './plugins/link.js';
export { looksLikeMarkdown, markdownPasteKey, markdownPastePlugin } from './plugins/markdown-paste.js';
export {
  closeMention,
  filterMentionItems,
  mentionAttrs,
  mentionCanOpenAt,
  mentionItemOf,
  mentionKey,
  type MentionOptions,
  mentionPlugin,
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
export { placeholderKey, type PlaceholderOptions, placeholderPlugin } from './plugins/placeholder.js';
export { filterSlashItems, imageCommand } from './plugins/slash-items.js';
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
  columnResizingPluginKey,
  enterTableFromGap,
  leaveTable,
  nextCellOrNewRow,
  previousCell,
  TABLE_CELL_MIN_WIDTH,
  TABLE_RESIZE_HANDLE_WIDTH,
  tableEditingKey,
  tablePlugins,
} from './plugins/table.js';
export { NODE_CONTROL_ATTRIBUTE, TAB_ESCAPE_WINDOW, tabKeyKey, tabKeyPlugin } from './plugins/tab-key.js';
export { clipboardPlugin } from './plugins/clipboard.js';
export { cellsToText, clipboardText } from './plugins/clipboard-text.js';
export { taskListKey, taskListPlugin } from './plugins/task-list.js';
export { textInputKey, textInputPlugin } from './plugins/text-input.js';
export { typographyRules } from './plugins/typography.js';
export { replaceContentTr, savedSelectionKey, savedSelectionPlugin } from './operations.js';
export { checkFeatures, featureOn } from './features.js';
export { stringsKey, stringsPlugin, wordsWith } from './strings.js';
export { blockKindCommand, setTextBlock } from './block-menu.js';
export { type BlockMenuEntry, selectedBlockKind, TEXT_BLOCK_ID } from './commands/block-kind.js';
export {
  editorSetup,
  editorSetupKey,
  editorSetupPlugin,
  type EditorSetup,
  type SetupState,
} from './extensions/setup.js';
export { blockMenuOf, BUILTIN_BLOCK_MENU } from './extensions/setup-menus.js';
export { definedNodeView, nodeViewEditabilityPlugin, schemaNodeViews } from './extensions/node-view.js';
