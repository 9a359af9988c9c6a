import '../listbox/listbox-option.js';
import { RichEditorMentionList } from './mention-list.component.js';

/** The mention list's tag name. */
export const MENTION_LIST_TAG = 'rich-editor-mention-list';

if (typeof customElements !== 'undefined' && !customElements.get(MENTION_LIST_TAG)) {
  customElements.define(MENTION_LIST_TAG, RichEditorMentionList);
}

export { RichEditorMentionList };

declare global {
  interface HTMLElementTagNameMap {
    'rich-editor-mention-list': RichEditorMentionList;
  }
}
