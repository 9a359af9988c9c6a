/** `<rich-editor>`: importing this module defines the element and its UI pieces. */
import './rich-editor/rich-editor.js';
import './drag-handle/drag-handle.js';
import './mention-list/mention-list.js';
import './slash-menu/slash-menu.js';
import './table-controls/table-controls.js';
import './toolbar/toolbar.js';

export { RichEditor, type UploadFileCallback } from './rich-editor/rich-editor.component.js';
export { RICH_EDITOR_TAG, defineRichEditor } from './rich-editor/rich-editor.js';
export {
  RichEditorEvents,
  type MentionClickDetail,
  type RichEditorChangeDetail,
  type UploadErrorDetail,
} from './events.js';
