import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { RichEditor as RichEditorElement } from '../element/rich-editor/rich-editor.component.js';
import { RICH_EDITOR_TAG, defineRichEditor } from '../element/rich-editor/rich-editor.js';
import { RichEditorEvents, type RichEditorChangeDetail } from '../element/events.js';

// Importing the element module registers the tag in browsers; on a server the
// registration is a no-op (no `customElements`), so this module is safe for SSR.
defineRichEditor();

/** `<RichEditor>`: the React wrapper of `<rich-editor>`, with its events as `on…` props. */
export const RichEditor = createComponent({
  react: React,
  tagName: RICH_EDITOR_TAG,
  elementClass: RichEditorElement,
  events: {
    onChange: RichEditorEvents.change as EventName<CustomEvent<RichEditorChangeDetail>>,
    onEditorFocus: RichEditorEvents.focus as EventName<CustomEvent<void>>,
    onEditorBlur: RichEditorEvents.blur as EventName<CustomEvent<void>>,
  },
});

export type { RichEditorChangeDetail };
export { RichEditorElement };
