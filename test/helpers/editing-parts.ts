// The parts `<rich-editor>` loads on demand (src/element/rich-editor/on-demand.ts: the UI pieces
// with the menus' and paste plugins, table editing, the code block and image views, the gap
// cursor, mention highlights, image uploads, the HTML string writer), loaded before the importing
// file's first test. The element's tests check what the parts do, with input faster than any
// user's; their arrival after the first paint is checked on the embed bundle (test/e2e/embed-*),
// and with the library entries by the React tests and test/consumer.
import {
  loadBlockViews,
  loadGapCursor,
  loadHighlights,
  loadPieces,
  loadStringWriter,
  loadTables,
  loadUploads,
} from '../../src/element/rich-editor/on-demand.js';

// Each load resolves once its module has run and provided its part; the last to end tells the
// editors (none exist yet), so every editor a test makes has them all from the start.
await Promise.all([loadPieces(), loadTables(), loadBlockViews(), loadGapCursor(), loadHighlights(), loadUploads(), loadStringWriter()]);
