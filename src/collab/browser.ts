// The embed bundle's entry for editing together: the provider, with the element (a page that
// edits together shows an editor), so what both use is loaded once, from the editor's file.
import '../element/index.js';

export * from './index.js';
