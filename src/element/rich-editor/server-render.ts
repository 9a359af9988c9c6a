/**
 * The element's first paint, written on a server: a declarative shadow root
 * (`<template shadowrootmode="open">`) holding the element's own styles and its content,
 * cleaned by the core's schema and written as the editor will show it. The browser
 * attaches it while parsing the page, so the text shows (with the editor's layout)
 * before any script runs; on upgrade the element empties that root and renders the live
 * editor in the same place, within the same task, so nothing moves or shows twice.
 *
 * The content is parsed with the DOM given to `setDOMImplementation`. Without one, the
 * shadow root holds an empty content box of the editor's minimum height: markup is never
 * written unparsed, so nothing the cleaner would remove reaches the page.
 */
import type { CSSResultGroup } from 'lit';
import type { Node as PMNode } from 'prosemirror-model';
import { canParseHTML } from '../../core/dom.js';
import type { EditorSetup } from '../../core/extensions/setup.js';
import type { ExtensionInput } from '../../core/extensions/types.js';
import { emptyDoc, parseHTML } from '../../core/serialize/html.js';
import { escapeHTMLAttribute } from '../../core/serialize/html-escape.js';
import { fragmentToHTML } from '../../core/serialize/html-string.js';
import { wordsWith, type Strings } from '../../core/strings.js';
import { setupOf } from './configuration.js';
import { OPEN_END_CLASS } from './open-end.js';
import { ARRIVING_PART_STYLES, RichEditor } from './rich-editor.component.js';

/** What the server knows of an element: the properties that decide its first paint. */
export interface RichEditorServerOptions {
  /** The element's `value` (HTML); cleaned before it is written. */
  value?: string | null;
  readonly?: boolean;
  extensions?: readonly ExtensionInput[];
  strings?: Strings;
  /** The host's accessible name for the content (the element's `aria-label`). */
  label?: string | null;
}

/**
 * The live editor keeps its second block out of `content-visibility` with a class
 * (active-block.ts's SECOND_BLOCK_CLASS, for a WebKit crash); this paint, whose blocks never
 * move, does it by the block's place.
 */
const SECOND_BLOCK_BY_PLACE = '.content > :first-child + * { content-visibility: visible; }';

/**
 * A form control's tag in written content (text and attribute values have their `<` escaped, so
 * every match is an element): a to-do's checkbox, a host block's button.
 */
const CONTROL_TAG = /<(input|button|select|textarea)\b/g;

/** A to-do item's checkbox as the schema writes it, which the live editor names (core/plugins/task-list.ts). */
const TODO_BOX = /(<li data-type="taskItem"[^>]*><label contenteditable="false"><input)\b/g;

/**
 * The content as the first paint shows it: its controls disabled until the live editor runs (a
 * box ticked before it would be unticked at upgrade, which renders the element's value, as a
 * viewer's are disabled), and each to-do's checkbox named as the live editor names it.
 */
function paintedContent(html: string, done: string): string {
  return html.replace(CONTROL_TAG, '<$1 disabled').replace(TODO_BOX, `$1 aria-label="${escapeHTMLAttribute(done)}"`);
}

/** The text of a style group (the element's `static styles`). */
function cssOf(styles: CSSResultGroup | undefined): string {
  if (!styles) return '';
  if (Array.isArray(styles)) return styles.map((style) => cssOf(style as CSSResultGroup)).join('\n');
  return (styles as { cssText?: string }).cssText ?? '';
}

/** The document the element will open, or null when it cannot be known here (HTML and no DOM to parse it with). */
function documentOf(value: string | null | undefined, setup: EditorSetup): PMNode | null {
  if (!value?.trim()) return emptyDoc(setup.schema);
  return canParseHTML() ? parseHTML(value, { schema: setup.schema }) : null;
}

/**
 * The declarative shadow root of a `<rich-editor>` for server-rendered pages: put it as
 * the element's first child. The element's `value` and `readonly` still go on the
 * element itself, where it reads them when it upgrades.
 */
export function richEditorShadowHTML(options: RichEditorServerOptions = {}): string {
  const setup = setupOf(options.extensions);
  const doc = documentOf(options.value, setup);
  const words = wordsWith(options.strings);
  const content = doc ? paintedContent(fragmentToHTML(doc.content, { viewBreaks: true }), words['todo.done']) : '';
  const openEnd = doc?.lastChild && !doc.lastChild.isTextblock ? ` ${OPEN_END_CLASS}` : '';
  const label = options.label ?? words['editor.label'];
  // The content box as ProseMirror's view makes it, so the editor's CSS lays it out the same; not
  // editable until the live editor runs (what was typed into this paint would be lost at upgrade,
  // which renders the element's value), and a viewer says it is read-only as the live one does.
  const attributes =
    `class="content${openEnd} ProseMirror" part="content" contenteditable="false" ` +
    `translate="no" role="textbox" aria-multiline="true" aria-label="${escapeHTMLAttribute(label)}"${options.readonly ? ' aria-readonly="true"' : ''}`;
  // A style element ends at the first `</style`, whatever CSS an extension brings.
  // The element's CSS but that of what only the live editor's parts draw.
  const own = (RichEditor.styles as readonly CSSResultGroup[]).filter((style) => !(ARRIVING_PART_STYLES as readonly CSSResultGroup[]).includes(style));
  const css = `${cssOf(own)}\n${SECOND_BLOCK_BY_PLACE}\n${setup.styles}`.replace(/<\/(style)/gi, '<\\/$1');
  return `<template shadowrootmode="open"><style>${css}</style><div class="editor" part="editor"><div ${attributes}>${content}</div></div></template>`;
}
