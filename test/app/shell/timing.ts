// Time in the app's tests: the SDK's one clock (src/core/clock.ts, which the app's delays ask too)
// faked for a test, and a wait for React to draw what was set off, so that a test can say what
// did not happen without sleeping.
import { installFakeClock, type FakeClock } from '../../helpers/fake-clock.js';

let installed: FakeClock | null = null;

/**
 * Fakes the clock for the current test: the autosave, search and reset delays wait until the
 * test moves time on (`tick`, or `advance` below). Install it before rendering (a timer must be
 * cleared on the clock that set it) and put the real one back with `restoreClock` after
 * unmounting; render's `cleanup` does both in that order.
 */
export function fakeClock(): FakeClock {
  restoreClock();
  installed = installFakeClock();
  return installed;
}

/** Puts the real clock back (nothing to do when the test did not fake it). */
export function restoreClock(): void {
  installed?.uninstall();
  installed = null;
}

/** The next task: promise callbacks queued before it have run. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/** The next message: React's scheduler posts its work as MessageChannel messages, delivered in order, so those posted before this one have run. */
function nextMessage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves once React has drawn what was set off before the call (a timer's state update, a
 * promise's answer) and the effects of that render have run (a query they start has reached the
 * fake API), so a test can then assert that something did not happen. Each round lets promise
 * callbacks run (a task), then waits for the render they scheduled (a message posted after
 * React's); the second round covers an effect that updates state again.
 */
export async function settled(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await nextTask();
    await nextMessage();
  }
  await nextTask();
}

/** Moves the fake clock on by `ms` (running the timers that fall due), then waits for what they set off to be drawn (`settled`). */
export async function advance(clock: FakeClock, ms: number): Promise<void> {
  clock.tick(ms);
  await settled();
}
