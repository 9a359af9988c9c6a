// What the bench does in a page and how it sums it up, shared by bench/run.mjs and
// bench/load-ab.mjs: typing and caret moves timed from each keydown, the page's settling after
// load, and the statistics the figures are given in.

/** Typing: the first key after focus is its own figure; the keys after it up to this one are in neither figure. */
export const TYPING_SETTLING_KEYS = 5;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};

/**
 * Waits for the page to settle after load: what a target does then (ours fetches the
 * highlighter and highlights the code blocks near the viewport) is in the heap figures
 * and out of the typing, whether or not it had finished two frames after load.
 */
export async function settled(page) {
  await page.waitForNetworkIdle({ idleTime: 300 });
  await page.evaluate(() => window.bench.settle());
}

/**
 * Focuses the middle of the document, then times each of `keys` keystrokes (the first is the
 * first key after focus): `{ nextFrame, afterPaint }` in ms from each keydown.
 */
export async function typing(page, keys) {
  await page.evaluate(() => window.bench.focusMiddle());
  const latencies = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < keys; i++) {
    await page.evaluate(() => window.bench.armKey());
    await page.keyboard.press(letters[i % letters.length]);
    latencies.push(await page.evaluate(() => window.bench.keyResult()));
  }
  return latencies;
}

/** The steady keys' figures (the keys after the settling ones): next frame and after paint, p50 and p95. */
export function typingFigures(keys) {
  const steady = keys.slice(TYPING_SETTLING_KEYS);
  const nextFrame = steady.map((key) => key.nextFrame);
  const afterPaint = steady.map((key) => key.afterPaint);
  return {
    nextFrameP50: percentile(nextFrame, 50),
    nextFrameP95: percentile(nextFrame, 95),
    afterPaintP50: percentile(afterPaint, 50),
    afterPaintP95: percentile(afterPaint, 95),
  };
}

/**
 * Presses `key` `count` times where the caret is, letting the page settle after each: the times
 * from each keydown to after paint.
 */
export async function presses(page, key, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    await page.evaluate(() => window.bench.armKey());
    await page.keyboard.press(key);
    times.push((await page.evaluate(() => window.bench.keyResult())).afterPaint);
    await page.evaluate(() => window.bench.settle());
  }
  return times;
}

/**
 * Moves the caret down `moves` times from the middle of the document (ArrowDown: onto the next
 * block, or the next line of a wrapped one), letting the page settle after each: the times from
 * each keydown to after paint.
 */
export async function caretMoves(page, moves) {
  await page.evaluate(() => window.bench.focusMiddle());
  return presses(page, 'ArrowDown', moves);
}

/**
 * Scrolls down by `steps` wheel steps of `delta` pixels sent one after another, with no pause
 * (each sent once the page has taken the one before), as a user spins the wheel: the gaps
 * between the page's animation frames from the first step to two frames after the last.
 */
export async function wheelRun(page, steps, delta) {
  const { width, height } = page.viewport();
  await page.mouse.move(Math.round(width / 2), Math.round(height / 2));
  await page.evaluate(() => window.bench.framesStart());
  for (let i = 0; i < steps; i++) await page.mouse.wheel({ deltaY: delta });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => window.bench.framesStop());
}

/**
 * Scrolls down by `steps` wheel steps of `delta` pixels with the mouse over the middle of the
 * viewport, letting the page settle after each: the times from each wheel event to after paint
 * of the second frame after it.
 */
export async function wheelSteps(page, steps, delta) {
  const { width, height } = page.viewport();
  await page.mouse.move(Math.round(width / 2), Math.round(height / 2));
  const times = [];
  for (let i = 0; i < steps; i++) {
    await page.evaluate(() => window.bench.armWheel());
    await page.mouse.wheel({ deltaY: delta });
    times.push(await page.evaluate(() => window.bench.wheelResult()));
    await page.evaluate(() => window.bench.settle());
  }
  return times;
}
