import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { RichEditor as RichEditorElement } from '../element/rich-editor/rich-editor.component.js';
import { RICH_EDITOR_TAG, defineRichEditor } from '../element/rich-editor/rich-editor.js';
// Kept as a side-effect import so the declarations keep it too: importing only this entry
// still types `document.querySelector('rich-editor')` as the element class.
import '../element/rich-editor/rich-editor.js';
// The pieces shown on demand and image uploads are loaded when first needed, as the element's
// entry leaves them (element/rich-editor/on-demand.ts): only their declarations (their tags in
// HTMLElementTagNameMap) are kept here, by a type-only re-export of nothing.
export type {} from '../element/pieces.js';
export type {} from '../element/image-uploads.js';
import type { RichEditorAttributes } from '../element/rich-editor/attributes.js';
import {
  RichEditorEvents,
  type MentionClickDetail,
  type RichEditorChangeDetail,
  type UploadErrorDetail,
  type CollabState,
} from '../element/events.js';
import { serverRichEditor } from './server.js';

// Registers the tag in browsers; on a server there is no `customElements` and this does
// nothing, so the module is safe to import during server-side rendering.
defineRichEditor();

const Base = createComponent({
  react: React,
  tagName: RICH_EDITOR_TAG,
  elementClass: RichEditorElement,
  events: {
    onChange: RichEditorEvents.change as EventName<CustomEvent<RichEditorChangeDetail>>,
    onEditorFocus: RichEditorEvents.focus as EventName<CustomEvent<void>>,
    onEditorBlur: RichEditorEvents.blur as EventName<CustomEvent<void>>,
    onMentionClick: RichEditorEvents.mentionClick as EventName<CustomEvent<MentionClickDetail>>,
    onUploadError: RichEditorEvents.uploadError as EventName<CustomEvent<UploadErrorDetail>>,
    onCollabStatus: RichEditorEvents.collabStatus as EventName<CustomEvent<CollabState>>,
  },
});

/**
 * The props of `<RichEditor>`: the element's properties and callbacks (every attribute's
 * too: `theme`, `required`, `disabled`, `name`, `placeholder`, `dragDrop`, `maxImageSize`,
 * `imageWidth`, `defaultValue`…), its events as `on…`, and `readOnly`.
 */
export type RichEditorProps = Omit<React.ComponentProps<typeof Base>, 'readonly' | 'ref'> & {
  /** A read-only viewer when true (the element's `readonly`). */
  readOnly?: boolean;
};

/**
 * `<RichEditor>`: the React wrapper of `<rich-editor>`. The document is never mirrored
 * into React state: read it from `onChange` or through the ref's methods.
 */
export const RichEditor = React.forwardRef<RichEditorElement, RichEditorProps>(function RichEditor({ readOnly, ...props }, ref) {
  // On a server (no document) the element is written with its content in a declarative shadow root (server.ts).
  if (typeof document === 'undefined') return serverRichEditor(RICH_EDITOR_TAG, { ...props, readOnly });
  // The element's properties are set in the props' order: `extensions` first, so `features` may name the features they declare.
  const ordered = 'extensions' in props ? { extensions: props.extensions, ...props } : props;
  return React.createElement(Base, { ...ordered, readonly: readOnly ?? false, ref });
});

/** `<rich-editor>` written directly in JSX: React's HTML attributes with the element's own. */
export type RichEditorIntrinsicProps = React.DetailedHTMLProps<React.HTMLAttributes<RichEditorElement>, RichEditorElement> & RichEditorAttributes;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rich-editor': RichEditorIntrinsicProps;
    }
  }
}

export type { CollabState, MentionClickDetail, RichEditorChangeDetail, UploadErrorDetail, RichEditorAttributes };
export type {
  BuiltinFeatureName,
  CustomFeatures,
  FeatureName,
  Features,
  FocusPosition,
  JSONNode,
  MentionItem,
  MentionSearch,
  Menus,
  Strings,
  UploadContext,
  UploadFileCallback,
  ExtensionInput,
  Collaboration,
  CollabUser,
} from '../element/index.js';
export { RichEditorElement };

export { reactNodeView, type ReactNodeViewOptions, type ReactNodeViewProps } from './node-view.js';
