import { RichEditor } from './rich-editor.component.js';
// The UI pieces the element renders in its shadow root (../pieces.ts: toolbar, menus, handles)
// are fetched by the element itself when first needed (on-demand.ts), whatever the entry, so
// this module defines <rich-editor> alone. Each piece defines its tag only where
// customElements exists, so this stays safe on a server.

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
