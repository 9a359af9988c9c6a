/**
 * The heartbeat of a connection: at each beat with nothing heard from the server since the last
 * one, the editor asks whether it is there (PING, answered with PONG), and at the next beat still
 * with nothing heard (or a connection still not open) it takes the connection as lost. A network
 * that drops without closing the socket (a laptop's Wi-Fi gone, a proxy that stops forwarding)
 * shows as offline within 10 to 15 seconds instead of "saving" for ever; a server that answers
 * the beats but never the editor's first message is given up on too. Its time is the SDK's
 * clock, so tests move it themselves.
 */
import { clock } from '../core/clock.js';

/** How long between two beats (milliseconds). */
export const HEARTBEAT_MS = 5_000;

/**
 * How long a connection may go without the server's answer to the editor's first message before
 * it is taken as lost (milliseconds). A server that never took that message (a host that gave the
 * socket to its hub only after an await) still answers the beats, and the editor would wait on
 * "connecting" for ever.
 */
export const HANDSHAKE_MS = 15_000;

/** One connection's heartbeat: `ask` sends a PING (when the connection can send yet), `lost` gives up on it. */
export class Heartbeat {
  /** Whether the server was heard from (or the connection begun) since the last beat. */
  private heardSinceBeat = false;
  /** Whether the server was asked and has not answered yet. */
  private asked = false;
  private timer: unknown = null;
  /** The wait for the answer to the editor's first message (`awaitAnswer`). */
  private handshake: unknown = null;

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

  /** The editor's first message went: the connection is lost unless `answered` comes within HANDSHAKE_MS. */
  awaitAnswer(): void {
    this.answered();
    this.handshake = clock.setTimeout(() => {
      this.handshake = null;
      this.lost();
    }, HANDSHAKE_MS);
  }

  /** The server answered the editor's first message. */
  answered(): void {
    if (this.handshake !== null) clock.clearTimeout(this.handshake);
    this.handshake = null;
  }

  /** No connection to watch any more. */
  stop(): void {
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = null;
    this.answered();
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
