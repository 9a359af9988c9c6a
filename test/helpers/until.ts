// Waiting in browser tests for what the page does next, in one place.
import { expect } from '@open-wc/testing';

/** How long `until` waits, and what it reports of the page when it gives up. */
export interface UntilOptions {
  /** Milliseconds before giving up (default 15,000). */
  timeout?: number;
  /** Describes what the page showed instead, for the failure message (default: the check's last value). */
  saw?: () => unknown;
}

/** A value as a failure message shows it. */
function shown(value: unknown): string {
  if (value instanceof Element) return value.outerHTML.slice(0, 300);
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 300));
  try {
    return JSON.stringify(value)?.slice(0, 300) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Milliseconds left before the running test's own timeout, less a margin for the failure to be
 * reported (the test and its start come from test/setup/console-guard.ts; a test that raised
 * its timeout counts with the new one). Infinity outside a test, once it ended, or with its timeout off.
 */
export function testTimeLeft(): number {
  const running = globalThis.__runningTest;
  // A test with a state has ended: a hook after it (or a later suite's `before`) has time of its own.
  if (!running || running.test.state) return Infinity;
  const limit = running.test.timeout();
  return limit ? running.started + limit - performance.now() - 500 : Infinity;
}

/**
 * Polls `check` every 10 ms until it returns a truthy value (a check that throws counts as not
 * yet), then resolves with it; fails naming `what` and what it last saw after the timeout (a
 * number, or `options.timeout`), or sooner when the test's own time is running out (a test's
 * timeout says only that it took too long; this says which wait did). The default wait is long
 * because a file's first screen may load a lazy chunk, slow on a busy machine.
 */
export async function until<T>(check: () => T, what = 'the condition', options: number | UntilOptions = {}): Promise<NonNullable<T>> {
  const { timeout = 15_000, saw } = typeof options === 'number' ? { timeout: options } : options;
  const started = performance.now();
  let last: unknown;
  let lastValue: unknown;
  for (;;) {
    try {
      const value = check();
      if (value) return value as NonNullable<T>;
      lastValue = value;
      last = undefined;
    } catch (error) {
      last = error;
    }
    const testEnding = testTimeLeft() <= 0;
    if (performance.now() - started > timeout || testEnding) {
      const instead = saw ? shown(saw()) : last instanceof Error ? last.message : shown(lastValue);
      const after = `${Math.round(performance.now() - started)} ms${testEnding ? ", when the test's own time ran out" : ''}`;
      throw new Error(`Timed out waiting for ${what} (${after}); last saw: ${instead}`);
    }
    // Polling: the condition is read from the page, which announces none of these states.
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
