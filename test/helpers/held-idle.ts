// The page's idle time held by a test, in the browser or in Node: what the code under test asks of
// `requestIdleCallback` is noted, and runs only when the test gives an idle period. Where the
// engine has none (WebKit), the held one is there while the test holds it: the code asks at each
// call, so what it does once idle is tested in every engine.

/** A held `requestIdleCallback`: `asked` lists the options of what waits, `give` starts an idle period, `restore` puts the real one back. */
export interface HeldIdleTime {
  asked(): Array<IdleRequestOptions | undefined>;
  /** An idle period with `left` ms (or a timeout reached while the page was never idle): what was asked before it runs; what that asks waits for the next. */
  give(left?: number, timedOut?: boolean): void;
  restore(): void;
}

export function heldIdleTime(): HeldIdleTime {
  const global = globalThis as { requestIdleCallback?: unknown };
  const original = global.requestIdleCallback;
  let queue: Array<{ callback: IdleRequestCallback; options?: IdleRequestOptions }> = [];
  global.requestIdleCallback = (callback: IdleRequestCallback, options?: IdleRequestOptions) => queue.push({ callback, options });
  return {
    asked: () => queue.map(({ options }) => options),
    give(left = 50, timedOut = false) {
      const due = queue;
      queue = [];
      for (const { callback } of due) callback({ didTimeout: timedOut, timeRemaining: () => left });
    },
    restore() {
      if (original === undefined) delete global.requestIdleCallback;
      else global.requestIdleCallback = original;
    },
  };
}
