// Waiting in browser tests for what the page does next, in one place.
import { expect } from '@open-wc/testing';

/**
 * Polls `check` every 10 ms until it returns a truthy value (a check that throws counts as not
 * yet), then resolves with it; fails naming `what` after `timeout` ms. The default wait is long
 * because a file's first screen may load a lazy chunk, slow on a busy machine; a condition that
 * is never met still fails well inside a test's 20 s.
 */
export async function until<T>(check: () => T, what = 'the condition', timeout = 15_000): Promise<NonNullable<T>> {
  const started = performance.now();
  let last: unknown;
  for (;;) {
    try {
      const value = check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (performance.now() - started > timeout) {
      throw new Error(`Timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Expects focus back on `element` after a popup closed. Radix's dialogs and popovers return it a
 * task after the popup is gone, so it is waited for (briefly), as a user would not notice.
 */
export async function focusReturnsTo(element: Element | null, what: string, timeout = 2_000): Promise<void> {
  if (!element) throw new Error(`${what} is not on the page`);
  await until(() => document.activeElement === element, `focus back on ${what}`, timeout).catch(() => {});
  expect(document.activeElement, `focus back on ${what}`).to.equal(element);
}
