/** `<rich-editor>`: importing this module defines the element and its UI pieces. */
import './rich-editor/rich-editor.js';
import './pieces.js';
export * from './api.js';
