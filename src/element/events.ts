import type { JSONNode } from '../core/serialize/json.js';

/** The names of every event the element fires, declared once. */
export const RichEditorEvents = {
  change: 'rich-editor-change',
  focus: 'rich-editor-focus',
  blur: 'rich-editor-blur',
  mentionClick: 'rich-editor-mention-click',
  uploadError: 'rich-editor-upload-error',
} as const;

/** The detail of `rich-editor-change`: both values are computed on first read and cached. */
export interface RichEditorChangeDetail {
  readonly json: JSONNode;
  readonly html: string;
}

/** Builds a change detail whose `json` and `html` are computed only when read. */
export function lazyChangeDetail(json: () => JSONNode, html: () => string): RichEditorChangeDetail {
  let jsonValue: JSONNode | undefined;
  let htmlValue: string | undefined;
  return {
    get json() {
      return (jsonValue ??= json());
    },
    get html() {
      return (htmlValue ??= html());
    },
  };
}

declare global {
  interface HTMLElementEventMap {
    'rich-editor-change': CustomEvent<RichEditorChangeDetail>;
    'rich-editor-focus': CustomEvent<void>;
    'rich-editor-blur': CustomEvent<void>;
  }
}
