import { RichEditor } from './rich-editor.component.js';
// The element renders its toolbar in its shadow root from the first paint: whatever defines
// <rich-editor> defines it too. The pieces shown on demand (../pieces.ts) are imported by the
// library's entries and fetched by the element itself otherwise (on-demand.ts). Each defines
// its tag only where customElements exists, so this stays safe on a server.
import '../toolbar/toolbar.js';

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
