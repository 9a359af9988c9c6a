// The embed bundle's entry for editing together: the provider, with the element (a page that
// edits together shows an editor), so what both use is loaded once, from the editor's file.
// It re-exports the element's entry whole: importing it only for its effects would leave out
// the element's exports no provider uses (litNodeView…), and rollup would then move everything
// the two share into a third file that the editor's own file imports, breaking the one-file embed.
export * from '../element/browser.js';
export * from './index.js';
