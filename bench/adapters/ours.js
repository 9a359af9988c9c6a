// Our <rich-editor>, loaded from the self-contained embed bundle exactly as a host page
// loads it (the import below stays external, so the browser fetches dist/browser/ itself).
import '/dist/browser/rich-editor.min.js';
import { countBlocks, focusMiddle } from './focus-middle.js';

let element = null;
const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'].map((label, i) => ({
  title: label,
  entity_identifier: `user-${i}`,
  entity_name: 'user_mention',
  redirect_uri: `/users/user-${i}`,
}));

/** The options an open popup shows, by kind, or null when it is not shown. */
function popupOptions(kind) {
  const host = element?.shadowRoot?.querySelector(kind === 'slash' ? 'rich-editor-slash-menu' : 'rich-editor-mention-list');
  const surface = host?.shadowRoot?.querySelector(kind === 'slash' ? '[part="slash-menu"]' : '[part="mention-list"]');
  if (!surface || surface.hidden || !surface.getClientRects().length) return null;
  return [...host.querySelectorAll('[role="option"]')].map((option) => option.textContent.trim());
}

window.benchAdapter = {
  name: 'ours',
  async create(container, html) {
    await customElements.whenDefined('rich-editor');
    element = document.createElement('rich-editor');
    element.setAttribute('aria-label', 'Benchmark document');
    element.value = html;
    element.mentionSuggestions = async (query) => people.filter((p) => p.title.toLowerCase().startsWith(query.toLowerCase()));
    container.append(element);
    await element.updateComplete;
  },
  getHTML: () => element.getHTML(),
  getMarkdown: () => element.getMarkdown(),
  popupOptions,
  pasteTarget: () => element.editorView.dom,
  focusMiddle: () => focusMiddle(element.editorView),
  blocks: () => countBlocks(element.editorView),
  destroy() {
    element?.remove();
    element = null;
  },
};
