/** `<rich-editor>`: importing this module defines the element. */
import './rich-editor/rich-editor.js';

export { RichEditor } from './rich-editor/rich-editor.component.js';
export { RICH_EDITOR_TAG, defineRichEditor } from './rich-editor/rich-editor.js';
export { RichEditorEvents, type RichEditorChangeDetail } from './events.js';
