/** How long `whenIdle` waits for the browser to be idle before it runs a task anyway (ms). */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` when the browser is idle (within IDLE_TIMEOUT_MS even if it never is); WebKit has no
 * `requestIdleCallback`, so a task after the next frame there. For work a user should not wait
 * on and a frame should not carry, but that must happen: a chunk fetched ahead of need.
 */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
  else requestAnimationFrame(() => setTimeout(task, 0));
}
