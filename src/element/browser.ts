/**
 * The embed bundle's entry (dist/browser/rich-editor.min.js): the element, and ProseMirror's
 * modules as `pm` for extensions written on a plain page (a bundler user imports them itself).
 */
export * from './index.js';
export { pm } from '../core/pm.js';
