// The in-page half of bench/node-views.mjs, shared by both targets: the document, render
// counting, and keydown-to-painted-frame timing (as bench/pages/harness.js times keys).
window.renders = 0;

/** Called by the card component on each render. */
export function countRender() {
  window.renders++;
}

let pending = null;
addEventListener(
  'keydown',
  (event) => {
    const waiting = pending;
    if (!waiting) return;
    pending = null;
    const start = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => waiting(performance.now() - start);
      channel.port2.postMessage(0);
    });
  },
  true,
);

/** Arms the timer for the next keydown and zeroes the render count. */
window.armKey = () => {
  window.keyResult = new Promise((resolve) => {
    pending = resolve;
  });
  window.renders = 0;
};

/** `blocks` blocks, every `every`-th of them a card. */
export const cardsHtml = (blocks, every) =>
  Array.from({ length: blocks }, (_, i) =>
    i % every === every - 1 ? `<section class="card" data-label="c${i}" data-tone="calm"><p>Card ${i} holds a line of text.</p></section>` : `<p>Paragraph ${i} with a few words to type beside.</p>`,
  ).join('');

/** The card views on the page (ours are inside the element's shadow root). */
export const cardCount = () =>
  document.querySelectorAll('.card-view').length + [...document.querySelectorAll('rich-editor')].reduce((n, el) => n + el.shadowRoot.querySelectorAll('.card-view').length, 0);
