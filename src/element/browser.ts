/**
 * The embed bundle's entry (dist/browser/rich-editor.min.js): the element, and ProseMirror's
 * modules as `pm` for extensions written on a plain page (a bundler user imports them itself).
 * The UI pieces shown on demand are left out: the element fetches them as a chunk after its
 * first paint (rich-editor/on-demand.ts), so the page's one script holds what painting and
 * typing need.
 */
export * from './api.js';
export { pm } from '../core/pm.js';
