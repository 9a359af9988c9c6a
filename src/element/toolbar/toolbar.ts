import { RichEditorToolbar } from './toolbar.component.js';

/** The toolbar's tag name. */
export const TOOLBAR_TAG = 'rich-editor-toolbar';

if (typeof customElements !== 'undefined' && !customElements.get(TOOLBAR_TAG)) {
  customElements.define(TOOLBAR_TAG, RichEditorToolbar);
}

export { RichEditorToolbar };

declare global {
  interface HTMLElementTagNameMap {
    'rich-editor-toolbar': RichEditorToolbar;
  }
}
