/**
 * Puts the string writer (html-string.ts) in use for every HTML the core writes (html-writer.ts).
 * `rich-editor/core` imports this module, so the core, Node and the server write with it from
 * the start; the element (embed bundle and library entries) fetches it when the browser is idle
 * (element/rich-editor/on-demand.ts). package.json lists it among the files with side effects,
 * so a host's bundler keeps it.
 */
import { ChunkedHTML, fragmentToHTML, writeBlockHTML } from './html-string.js';
import { useStringWriter } from './html-writer.js';

useStringWriter({ ChunkedHTML, fragmentToHTML, writeBlockHTML });
