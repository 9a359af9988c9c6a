import { RichEditorListboxOption } from './listbox-option.component.js';

/** The option's tag name. */
export const LISTBOX_OPTION_TAG = 'rich-editor-listbox-option';

if (typeof customElements !== 'undefined' && !customElements.get(LISTBOX_OPTION_TAG)) {
  customElements.define(LISTBOX_OPTION_TAG, RichEditorListboxOption);
}

export { RichEditorListboxOption };

declare global {
  interface HTMLElementTagNameMap {
    'rich-editor-listbox-option': RichEditorListboxOption;
  }
}
