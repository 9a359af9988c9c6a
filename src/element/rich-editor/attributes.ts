/**
 * The HTML attributes of `<rich-editor>`, as markup (and JSX) writes them. Properties
 * without an attribute (callbacks, extensions, features, strings, menus) are set through
 * the element or the React wrapper.
 */
export interface RichEditorAttributes {
  /** The initial content, as HTML: the default value, which a form reset restores. */
  value?: string;
  /** A read-only viewer when present. */
  readonly?: boolean;
  /** A value must be given: an empty document makes the form invalid. */
  required?: boolean;
  /** Not editable, not focusable and not submitted. */
  disabled?: boolean;
  /** Text shown while the document is empty. */
  placeholder?: string;
  /** Enables moving blocks by dragging their handle. */
  'drag-drop'?: boolean;
  /** The form field name the HTML is submitted under. */
  name?: string;
  /** The largest image file uploaded, in bytes. */
  'max-image-size'?: number | string;
  /** The width a new image gets: `35%` or a size such as `320px`. */
  'image-width'?: string;
  /** `light` or `dark`; without it the element follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
}
