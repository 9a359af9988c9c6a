/**
 * `<RichEditor>` as a server renders it (react-dom/server): the element tag with its
 * `value` (or `defaultValue`), `readonly`, `placeholder`, `name` and `theme` as attributes, and as its content the
 * element's declarative shadow root (the cleaned content and the editor's styles), so
 * the text shows before hydration with the box it will keep. The browser turns the
 * template into the shadow root while parsing, so the element has no light children
 * and the client's `<RichEditor>` hydrates over it without a mismatch.
 */
import * as React from 'react';
import { RichEditor as RichEditorElement } from '../element/rich-editor/rich-editor.component.js';
import { richEditorShadowHTML } from '../element/rich-editor/server-render.js';

/** Element properties a server writes as attributes (the element reads them on upgrade). */
const ATTRIBUTE_PROPERTIES = new Set(['value', 'placeholder', 'name', 'theme']);

/**
 * The server-rendered element for the wrapper's props (`readOnly` as the wrapper takes
 * it). The tag comes from the caller: importing the module that holds it defines the element.
 */
export function serverRichEditor(tag: string, props: Readonly<Record<string, unknown>> & { readOnly?: boolean }): React.ReactElement {
  const { readOnly, children: _children, ...rest } = props;
  const attributes: Record<string, unknown> = { suppressHydrationWarning: true };
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || value === null || typeof value === 'function') continue;
    const isProperty = key in RichEditorElement.prototype;
    // Plain attributes (id, className, style, aria-*, data-*) pass as React renders them.
    if ((isProperty && ATTRIBUTE_PROPERTIES.has(key) && typeof value === 'string') || (!isProperty && !key.startsWith('on'))) attributes[key] = value;
  }
  if (readOnly) attributes.readonly = '';
  // `defaultValue` is the `value` attribute (the element's default value), and the first content when no value is given.
  const value = typeof props.value === 'string' ? props.value : typeof props.defaultValue === 'string' ? props.defaultValue : null;
  if (typeof props.defaultValue === 'string' && attributes.value === undefined) attributes.value = props.defaultValue;
  const shadow = richEditorShadowHTML({
    value,
    readonly: !!readOnly,
    extensions: props.extensions as RichEditorElement['extensions'],
    strings: props.strings as RichEditorElement['strings'],
    label: typeof props['aria-label'] === 'string' ? props['aria-label'] : null,
  });
  return React.createElement(tag, { ...attributes, dangerouslySetInnerHTML: { __html: shadow } });
}
