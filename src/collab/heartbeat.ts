/**
 * The heartbeat of a connection: at each beat with nothing heard from the server since the last
 * one, the editor asks whether it is there (PING, answered with PONG), and at the next beat still
 * with nothing heard (or a connection still not open) it takes the connection as lost. A network
 * that drops without closing the socket (a laptop's Wi-Fi gone, a proxy that stops forwarding)
 * shows as offline within 10 to 15 seconds instead of "saving" for ever. Its time is the SDK's
 * clock, so tests move it themselves.
 */
import { clock } from '../core/clock.js';

/** How long between two beats (milliseconds). */
export const HEARTBEAT_MS = 5_000;

/** One connection's heartbeat: `ask` sends a PING (when the connection can send yet), `lost` gives up on it. */
export class Heartbeat {
  /** Whether the server was heard from (or the connection begun) since the last beat. */
  private heardSinceBeat = false;
  /** Whether the server was asked and has not answered yet. */
  private asked = false;
  private timer: unknown = null;

  constructor(
    private readonly ask: () => void,
    private readonly lost: () => void,
  ) {}

  /** The server was heard from, or a connection begun: starts the beats if they are not going. */
  heard(): void {
    this.heardSinceBeat = true;
    this.asked = false;
    if (this.timer === null) this.timer = clock.setTimeout(this.beat, HEARTBEAT_MS);
  }

  /** No connection to watch any more. */
  stop(): void {
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private readonly beat = (): void => {
    this.timer = null;
    if (this.heardSinceBeat) this.heardSinceBeat = false;
    else if (this.asked) return this.lost();
    else {
      // A connection still opening cannot be asked: the next silent beat gives up on it too.
      this.ask();
      this.asked = true;
    }
    this.timer = clock.setTimeout(this.beat, HEARTBEAT_MS);
  };
}
