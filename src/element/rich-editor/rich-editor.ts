import { RichEditor } from './rich-editor.component.js';
// The element renders these pieces in its shadow root: whatever defines <rich-editor>
// (the element's entry, the React wrapper, a host importing this module) defines them too.
// Each defines its tag only where customElements exists, so this stays safe on a server.
import '../drag-handle/drag-handle.js';
import '../mention-list/mention-list.js';
import '../slash-menu/slash-menu.js';
import '../table-controls/table-controls.js';
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
