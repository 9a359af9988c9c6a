// Our <rich-editor>, loaded from the self-contained embed bundle exactly as a host page
// loads it (the import below stays external, so the browser fetches dist/browser/ itself).
import '/dist/browser/rich-editor.min.js';
import { countBlocks, focusMiddle } from './focus-middle.js';

let element = null;

window.benchAdapter = {
  name: 'ours',
  async create(container, html) {
    await customElements.whenDefined('rich-editor');
    element = document.createElement('rich-editor');
    element.setAttribute('aria-label', 'Benchmark document');
    element.value = html;
    container.append(element);
    await element.updateComplete;
  },
  getHTML: () => element.getHTML(),
  focusMiddle: () => focusMiddle(element.editorView),
  blocks: () => countBlocks(element.editorView),
  destroy() {
    element?.remove();
    element = null;
  },
};
