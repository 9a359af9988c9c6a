// The in-page half of the benchmark: loads one target's adapter and times it.
// The Node side (bench/run.mjs) drives it through `window.bench`.
const target = new URLSearchParams(location.search).get('target');
const container = document.getElementById('container');
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
let html = '';
let pendingKey = null;

/** Calls `then` once the current task and the frame it is part of are done (a message posted now is handled after them). */
const whenPainted = (then) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = then;
  channel.port2.postMessage(0);
};

// Two times per key, both from the keydown's timestamp: to the next frame (the rAF callback,
// which runs once the key's own work is done and before that frame's style, layout and
// paint) and to after paint (a message posted from that callback is handled once the frame
// is done).
addEventListener('keydown', (event) => {
  const waiting = pendingKey;
  if (!waiting) return;
  pendingKey = null;
  const start = event.timeStamp;
  requestAnimationFrame(() => {
    const nextFrame = performance.now() - start;
    whenPainted(() => waiting.resolve({ nextFrame, afterPaint: performance.now() - start }));
  });
}, true);

// A wheel step, from the wheel event's timestamp to after paint of the second frame after it: the
// first frame may come before the scroll reaches the page's main thread, the second lays out and
// paints what the step brought into view (blocks drawn for the first time, under
// content-visibility, for ours).
let pendingWheel = null;
/** The animation frames' times while `framesStart` notes them. */
let frameTimes = null;
addEventListener('wheel', (event) => {
  const waiting = pendingWheel;
  if (!waiting) return;
  pendingWheel = null;
  const start = event.timeStamp;
  requestAnimationFrame(() => requestAnimationFrame(() => whenPainted(() => waiting.resolve(performance.now() - start))));
}, { capture: true, passive: true });

/** Resolves after the frame that follows the current one has been painted. */
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => whenPainted(() => resolve())));

/** Settled: ten frames in a row each within 25 ms of the last (or 5 s, whichever first). */
async function settle() {
  const deadline = performance.now() + 5000;
  let calm = 0;
  let last = performance.now();
  while (calm < 10 && performance.now() < deadline) {
    await frame();
    const now = performance.now();
    calm = now - last < 25 ? calm + 1 : 0;
    last = now;
  }
}

let pendingPopup = null;
// Keydown to the first painted frame in which the popup shows a different, non-empty list.
addEventListener('keydown', (event) => {
  const waiting = pendingPopup;
  if (!waiting) return;
  pendingPopup = null;
  const start = event.timeStamp;
  const deadline = performance.now() + 10_000;
  const check = () => {
    const options = window.benchAdapter.popupOptions(waiting.kind);
    const shown = options && options.length && JSON.stringify(options) !== waiting.before;
    if (shown) whenPainted(() => waiting.resolve(performance.now() - start));
    else if (performance.now() > deadline) waiting.resolve(null);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}, true);

window.bench = {
  ready: import(`/bench/.build/${target}.js`).then(() => true),
  /** Fetches the document of `size` blocks (not timed). */
  async fetchDoc(size) {
    html = await (await fetch(`/bench/doc/${size}.html`)).text();
    return html.length;
  },
  /** Creation to the frame after the one that paints the document, in ms. */
  async load() {
    const start = performance.now();
    await window.benchAdapter.create(container, html);
    await frame();
    await frame();
    return performance.now() - start;
  },
  /** Waits until frames come steadily (work a target scheduled after load has run). */
  settle,
  /**
   * Right after `load`: the frames of the next `ms` milliseconds, as a user waiting for the page
   * to answer feels them: the longest time between two frames, and the time spent in frames
   * longer than 50 ms beyond those 50 (work a target does after its first paint).
   */
  async afterLoad(ms) {
    const end = performance.now() + ms;
    let last = performance.now();
    let longest = 0;
    let blocked = 0;
    while (last < end) {
      await frame();
      const now = performance.now();
      longest = Math.max(longest, now - last);
      blocked += Math.max(0, now - last - 50);
      last = now;
    }
    return { longest, blocked };
  },
  /** Times `reps` getHTML() calls, in ms each. */
  getHTML(reps) {
    const times = [];
    let length = 0;
    for (let i = 0; i < reps; i++) {
      const start = performance.now();
      length = window.benchAdapter.getHTML().length;
      times.push(performance.now() - start);
    }
    return { times, length };
  },
  /**
   * Puts the caret in the middle and lets the page settle (the jump's own layout,
   * painting and any work it schedules) before keystrokes are timed: typing, not
   * scrolling, is what the typing figures measure. Every target gets the same wait.
   */
  async focusMiddle() {
    // Twice: blocks drawn for the first time near the caret may change size and move it
    // (estimated sizes under content-visibility), so the second placement is the one typed at.
    window.benchAdapter.focusMiddle();
    await settle();
    window.benchAdapter.focusMiddle();
    await settle();
    return document.activeElement?.tagName;
  },
  /** Arms the listener for the next keydown. */
  armKey() {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    pendingKey = { resolve, promise };
    window.__keyResult = promise;
  },
  keyResult: () => window.__keyResult,
  /** Starts noting the time of every animation frame (`framesStop` gives the gaps between them). */
  framesStart() {
    const times = [];
    frameTimes = times;
    const tick = (time) => {
      if (frameTimes !== times) return;
      times.push(time);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },
  /** Stops noting frames: the gaps between those noted since `framesStart`, in ms. */
  framesStop() {
    const times = frameTimes ?? [];
    frameTimes = null;
    return times.slice(1).map((time, i) => time - times[i]);
  },
  /** Arms the scroll timer for the next wheel event. */
  armWheel() {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    pendingWheel = { resolve };
    window.__wheelResult = promise;
  },
  wheelResult: () => window.__wheelResult,
  /** Whether the target renders suggestion popups (slash menu, mentions) the bench can see. */
  hasPopups: () => typeof window.benchAdapter.popupOptions === 'function',
  /** Arms the popup timer for the next keydown: `kind` is 'slash' or 'mention'. */
  armPopup(kind) {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    pendingPopup = { kind, resolve, before: JSON.stringify(window.benchAdapter.popupOptions(kind)) };
    window.__popupResult = promise;
  },
  popupResult: () => window.__popupResult,
  popupOptions: (kind) => window.benchAdapter.popupOptions(kind),
  /**
   * Pastes `html` at the caret as a user's paste would arrive (a paste event carrying
   * text/html; the bare contenteditable uses insertHTML, its own paste), and times it
   * to the next painted frame.
   */
  async paste(size, seed) {
    const pasted = await (await fetch(`/bench/doc/${size}.html?seed=${seed}`)).text();
    const start = performance.now();
    if (window.benchAdapter.paste) window.benchAdapter.paste(pasted);
    else {
      const data = new DataTransfer();
      data.setData('text/html', pasted);
      data.setData('text/plain', pasted.replace(/<[^>]+>/g, ' '));
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      // Firefox ignores `clipboardData` in a script-made event's init; the event gets it as its own property.
      if (event.clipboardData !== data) Object.defineProperty(event, 'clipboardData', { value: data });
      window.benchAdapter.pasteTarget().dispatchEvent(event);
    }
    await afterPaint();
    return { ms: performance.now() - start, bytes: pasted.length };
  },
  /** Times `reps` markdown serialisations, for targets that have one. */
  markdown(reps) {
    if (!window.benchAdapter.getMarkdown) return null;
    const times = [];
    let length = 0;
    for (let i = 0; i < reps; i++) {
      const start = performance.now();
      length = window.benchAdapter.getMarkdown().length;
      times.push(performance.now() - start);
    }
    return { times, length };
  },
  /** Top-level blocks and tables the target kept, to catch a target that dropped structure. */
  blocks: () => window.benchAdapter.blocks(),
  destroy: () => window.benchAdapter.destroy(),
};
