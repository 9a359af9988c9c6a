import '../listbox/listbox-option.js';
import { RichEditorSlashMenu } from './slash-menu.component.js';

/** The slash menu's tag name. */
export const SLASH_MENU_TAG = 'rich-editor-slash-menu';

if (typeof customElements !== 'undefined' && !customElements.get(SLASH_MENU_TAG)) {
  customElements.define(SLASH_MENU_TAG, RichEditorSlashMenu);
}

export { RichEditorSlashMenu };

declare global {
  interface HTMLElementTagNameMap {
    'rich-editor-slash-menu': RichEditorSlashMenu;
  }
}
