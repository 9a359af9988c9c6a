/**
 * Runs `task` when the browser is idle (within 2 s even if it never is); WebKit has no
 * `requestIdleCallback`, so a task after the next frame there. For work a user should not wait
 * on and a frame should not carry: a chunk fetched ahead of need, blocks drawn ahead of scrolling.
 */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 2000 });
  else requestAnimationFrame(() => setTimeout(task, 0));
}
