import { RichEditorTableControls } from './table-controls.component.js';

/** The table controls' tag name. */
export const TABLE_CONTROLS_TAG = 'rich-editor-table-controls';

if (typeof customElements !== 'undefined' && !customElements.get(TABLE_CONTROLS_TAG)) {
  customElements.define(TABLE_CONTROLS_TAG, RichEditorTableControls);
}

export { RichEditorTableControls };

declare global {
  interface HTMLElementTagNameMap {
    'rich-editor-table-controls': RichEditorTableControls;
  }
}
