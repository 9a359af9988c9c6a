/** The editor core: schema, serialisers and URL safety. ProseMirror only; no UI. */
export * from './schema/index.js';
export * from './serialize/index.js';
export * from './url.js';
export { log, setLogger, type Logger } from './log.js';
