/**
 * `rich-editor/core`: the editor's model without any UI, on ProseMirror. Everything here is the
 * public API, kept stable across minor versions; what the element builds itself from (plugin
 * keys and states, key maps, the pieces of menus) is in `rich-editor/core/unstable`.
 */

// The document: the schema, editor states, and the kinds of attributes a definition may declare.
export { LINK_REL, marks, type NodeName, nodes, schema } from './schema/index.js';
export type { AttrDef, AttrDefs } from './schema/index.js';
export { attrDefOf, attrDefsOf, type AttrKind } from './schema/attr-kinds.js';
export { createEditorState, type EditingOptions, editingPlugins } from './editor-state.js';

// Serialisers: HTML (sanitised on the way in), JSON, markdown and plain text; on Node too.
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
export { setDOMImplementation, type DomImplementation } from './dom.js';
export { fragmentToHTML, type FragmentHTMLOptions } from './serialize/html-string.js';
// Everything here writes HTML with the string writer, with no DOM (serialize/html-writer.ts).
import './serialize/string-writer.js';

// URL and value safety: what a link, an image, a colour or a code language may be.
export {
  cleanLinkHref,
  imagePath,
  isValidLinkUrl,
  LINK_PROTOCOLS,
  type PaletteColor,
  safeColor,
  safeImageSrc,
  safeLanguage,
  safeLinkHref,
  safeRedirect,
  TABLE_COLORS,
} from './url.js';
export { linkHrefFromInput } from './url-input.js';
export { CODE_LANGUAGES, PLAIN_LANGUAGE } from './code-languages.js';
export { knownLanguage } from './code-language-names.js';

// Extensions: the built-in blocks as definitions, the definition types, node views, priorities,
// ProseMirror's modules as the editor runs them, features, menus and words.
/** The editor's own node definitions (the same API a host's extensions use), to extend or replace one. */
import * as blocks from './blocks/index.js';
export { blocks };
/** The options of the built-in blocks that take them (`blocks.heading.configure`, `blocks.codeBlock.configure`). */
export type { CodeBlockOptions, HeadingLevel, HeadingOptions } from './blocks/index.js';
export type {
  CommandFactory,
  EdgeHook,
  EditorCommands,
  EditorExtension,
  ExtensionContext,
  ExtensionInput,
  MarkDefinition,
  MarkMarkdown,
  MarkdownHelpers,
  MarkdownRule,
  MarkdownSyntax,
  NodeDefinition,
  SlashEntry,
} from './extensions/types.js';
export {
  nodeViewShell,
  stopControlEvents,
  type NodeViewContext,
  type NodeViewFactory,
  type NodeViewProps,
  type NodeViewShell,
} from './extensions/node-view.js';
export { BUILTIN_PRIORITY, EXTENSION_PRIORITY } from './extensions/define.js';
export { pm, type ProseMirror } from './pm.js';
export {
  type BuiltinFeatureName,
  type CustomFeatures,
  type ExtensionFeatureName,
  FEATURE_NAMES,
  type FeatureName,
  type Features,
} from './features.js';
export { arrange, BUILTIN_MENU_ORDER, type MenuLayout, type Menus } from './menus.js';
export { ENGLISH, fill, type StringKey, type Strings, type Words, wordsOf } from './strings.js';
export type { SlashItem, SlashItemOptions } from './plugins/slash-items.js';
export type { MentionEntry, MentionGenericItem, MentionItem, MentionSearch, MentionSpecItem } from './plugins/mention.js';
export { MENTION_SEARCH_DELAY } from './plugins/mention.js';
export { DEFAULT_PLACEHOLDER } from './plugins/placeholder.js';

// Commands: each a ProseMirror command (or makes one) for the editor's view or a state of your own.
export { toggleBold, toggleCode, toggleItalic, toggleMarkNamed, toggleMarkType, toggleStrike, toggleUnderline } from './commands/marks.js';
export {
  canInsert,
  insertHardBreak,
  insertHorizontalRule,
  isBlockActive,
  isInside,
  setParagraph,
  setTextblockType,
  textblockTypeRule,
  toggleBlockquote,
  toggleCodeBlock,
  toggleHeading,
} from './commands/blocks.js';
export {
  liftItem,
  setTaskChecked,
  sinkItem,
  splitItem,
  toggleBulletList,
  toggleList,
  toggleListNamed,
  toggleOrderedList,
  toggleTaskList,
} from './commands/lists.js';
export { blockMoveKeymap, moveBlock, moveBlockDown, moveBlockUp } from './commands/move-block.js';
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
export { setColumnColor, setRowColor } from './commands/table-color.js';
export { toggleHeaderColumn, toggleHeaderRow } from './commands/table-header.js';
export { CellSelection } from './plugins/table.js';
export { removeLink, setLink } from './plugins/link-commands.js';
export {
  fitImageSize,
  type ImageSize,
  insertImageAt,
  MAX_IMAGE_DIMENSION,
  MIN_IMAGE_DIMENSION,
  resizeImage,
  setImageAlt,
  setImageSize,
} from './commands/image.js';
export { clearContent, focusAt, type FocusPosition, insertAtSavedSelection, setContent } from './operations.js';
export { ownUndoStep } from './transaction-meta.js';

// Images a user uploads: the spec's checks and messages, and uploading files into a view.
export {
  FILE_TOO_LARGE_MESSAGE,
  type ImageRules,
  type ImageUploadOptions,
  INVALID_TYPE_MESSAGE,
  MAX_IMAGE_FILE_SIZE,
  NO_FILE_MESSAGE,
  sizeLabel,
  type UploadContext,
  uploadImages,
  validateImageFile,
} from './plugins/image-upload.js';

// What a host's own toolbar or outline shows: the state of the marks and blocks at the selection,
// and the document's headings.
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
export { tableOfContents, type TocEntry } from './plugins/toc.js';
export { scrollToHeading } from './plugins/scroll-to-heading.js';

// Where the editor logs, and the clock its delays run on (tests put a fake one in its place).
export { setLogger, type Logger } from './log.js';
export { clock, setClock, type Clock } from './clock.js';
