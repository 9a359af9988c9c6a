import { RichEditorDragHandle } from './drag-handle.component.js';

/** The drag handle's tag name. */
export const DRAG_HANDLE_TAG = 'rich-editor-drag-handle';

if (typeof customElements !== 'undefined' && !customElements.get(DRAG_HANDLE_TAG)) {
  customElements.define(DRAG_HANDLE_TAG, RichEditorDragHandle);
}

export { RichEditorDragHandle };

declare global {
  interface HTMLElementTagNameMap {
    'rich-editor-drag-handle': RichEditorDragHandle;
  }
}
