/** `<rich-editor>`: importing this module defines the element and its UI pieces. */
import './rich-editor/rich-editor.js';
import './pieces.js';
import './tables.js';
import './block-views.js';
import './gaps.js';
import './image-uploads.js';
import './highlights.js';
// The HTML string writer, which the embed bundle fetches when the browser is idle (core/serialize/html-writer.ts).
import '../core/serialize/string-writer.js';
export * from './api.js';
