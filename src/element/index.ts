/**
 * `<rich-editor>`: importing this module defines the element. Like the embed bundle's entry
 * (browser.ts), it holds what a first paint and typing need: the UI pieces, table editing, the
 * block views, the gap cursor, mention highlights, image uploads and the HTML string writer are
 * loaded with `import()` when first needed (rich-editor/on-demand.ts), so a host's bundler makes
 * each a chunk of its own instead of putting it in the host's first script.
 */
import './rich-editor/rich-editor.js';
export * from './api.js';
// Their declarations only (the tags they define, in HTMLElementTagNameMap): a type-only
// re-export of nothing keeps them in this entry's types and out of its code.
export type {} from './pieces.js';
export type {} from './tables.js';
export type {} from './block-views.js';
export type {} from './gaps.js';
export type {} from './image-uploads.js';
export type {} from './highlights.js';
