import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { clock } from '../../core/clock.js';

/**
 * Runs a callback at most once per window (leading and trailing): the first request
 * runs at once and opens a window; requests inside the window fold into one run when
 * it ends, so the last state is always the one shown. Cancelled when the host leaves
 * the page. Timed by the SDK's clock (core/clock.ts).
 */
export class ThrottleController implements ReactiveController {
  private timer: unknown = null;
  private pending = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly delay: number,
    private readonly run: () => void,
  ) {
    host.addController(this);
  }

  /** Asks for a run: now when no window is open, otherwise once the window ends. */
  request(): void {
    if (this.timer !== null) {
      this.pending = true;
      return;
    }
    this.fire();
  }

  /** Runs now and opens a new window (for results of the user's own toolbar actions). */
  flush(): void {
    this.cancel();
    this.fire();
  }

  /** Drops the open window and any pending run. */
  cancel(): void {
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = null;
    this.pending = false;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.cancel();
  }

  private fire(): void {
    this.pending = false;
    // The window opens before the run, so a run that throws still cannot cause a burst.
    this.timer = clock.setTimeout(() => {
      this.timer = null;
      if (this.pending) this.fire();
    }, this.delay);
    this.run();
  }
}
