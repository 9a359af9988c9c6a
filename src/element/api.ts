/** What the element's entries export: the element, its helpers and the types of its properties and events. */
import './rich-editor/rich-editor.js';

export { RichEditor } from './rich-editor/rich-editor.component.js';
export { litNodeView, type LitNodeViewProps } from './node-views/lit-node-view.js';
export type { UploadFileCallback } from './rich-editor/uploads.js';
export type { Collaboration, CollabState, CollabStatus, CollabUser } from '../collab/provider.js';
export { RICH_EDITOR_TAG, defineRichEditor } from './rich-editor/rich-editor.js';
export type { RichEditorAttributes } from './rich-editor/attributes.js';
export {
  RichEditorEvents,
  type MentionClickDetail,
  type RichEditorChangeDetail,
  type UploadErrorDetail,
} from './events.js';

// The types of the element's properties and events, so a host needs only this entry.
export type { JSONNode } from '../core/serialize/json.js';
export type { FocusPosition } from '../core/operations.js';
export type { MentionGenericItem, MentionItem, MentionSearch, MentionSpecItem } from '../core/plugins/mention.js';
export type { UploadContext } from '../core/plugins/upload-placeholder.js';
export type { BuiltinFeatureName, CustomFeatures, ExtensionFeatureName, FeatureName, Features } from '../core/features.js';
export type { MenuLayout, Menus } from '../core/menus.js';
export type { Strings } from '../core/strings.js';
export type { CommandFactory, EdgeHook, EditorCommands, EditorExtension, ExtensionInput, MarkDefinition, MarkMarkdown, NodeDefinition } from '../core/extensions/types.js';
export { nodeViewShell, stopControlEvents, type NodeViewContext, type NodeViewFactory, type NodeViewProps, type NodeViewShell } from '../core/extensions/node-view.js';
export type { ProseMirror } from '../core/pm.js';
