import { RichEditor } from './rich-editor.component.js';

/** The element's tag name. */
export const RICH_EDITOR_TAG = 'rich-editor';

/** Registers `<rich-editor>` once; safe to call repeatedly and on pages that define it already. */
export function defineRichEditor(): void {
  if (typeof customElements !== 'undefined' && !customElements.get(RICH_EDITOR_TAG)) {
    customElements.define(RICH_EDITOR_TAG, RichEditor);
  }
}

defineRichEditor();

declare global {
  interface HTMLElementTagNameMap {
    'rich-editor': RichEditor;
  }
}
