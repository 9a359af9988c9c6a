import type { CollabState } from '../collab/provider.js';
import type { JSONNode } from '../core/serialize/json.js';

export type { CollabState };

/** The names of every event the element fires, declared once. */
export const RichEditorEvents = {
  change: 'rich-editor-change',
  focus: 'rich-editor-focus',
  blur: 'rich-editor-blur',
  mentionClick: 'rich-editor-mention-click',
  uploadError: 'rich-editor-upload-error',
  collabStatus: 'rich-editor-collab-status',
} as const;

/** Fires one of the element's events: bubbling and composed, so a host hears it outside the shadow root; false when a listener cancelled it. */
export function emit<T>(target: EventTarget, name: string, detail: T, cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
}

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

/** The detail of `rich-editor-mention-click` (cancelable: its default navigates to `redirect_uri`). */
export interface MentionClickDetail {
  readonly id: string | null;
  readonly label: string | null;
  readonly redirect_uri: string;
  readonly entity_identifier: string | null;
  readonly entity_name: string | null;
}

/** The detail of `rich-editor-upload-error`: the spec's exact message. */
export interface UploadErrorDetail {
  readonly message: string;
}

declare global {
  interface HTMLElementEventMap {
    'rich-editor-change': CustomEvent<RichEditorChangeDetail>;
    'rich-editor-focus': CustomEvent<void>;
    'rich-editor-blur': CustomEvent<void>;
    'rich-editor-mention-click': CustomEvent<MentionClickDetail>;
    'rich-editor-upload-error': CustomEvent<UploadErrorDetail>;
    'rich-editor-collab-status': CustomEvent<CollabState>;
  }
}
