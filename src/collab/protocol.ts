/**
 * The messages between an editor and the collaboration server, one binary websocket message
 * each: a type number, then its payload (lib0 encoding, as Yjs's own protocols).
 *
 * An editor connects, sends its state vector (SYNC_STEP1); the server answers WELCOME (whether
 * this connection may write), SYNC_STEP2 (what the editor lacks) and its own state vector; the
 * editor then sends what the server lacks as one UPDATE. Every UPDATE an editor sends is
 * acknowledged (ACK, a running count) once the server has stored it: an acknowledged change
 * survives the server being killed. Awareness (carets, selections, names) goes both ways and is
 * never stored.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/** Message types. */
export const Message = {
  /** editor → server: its state vector. */
  syncStep1: 0,
  /** editor → server: changes (also the answer to the server's state vector). */
  update: 1,
  /** both ways: an awareness update. */
  awareness: 2,
  /** editor → server: are you there? (after a silence; answered with PONG). */
  ping: 3,
  /** server → editor: `{ readOnly }`, first after connecting. */
  welcome: 10,
  /**
   * server → editor: what the editor lacks; the first one makes the editor synced. An editor back
   * from a dropped connection gets the changes it missed as REMOTE_UPDATEs first, then this.
   */
  syncStep2: 11,
  /** server → editor: the server's state vector, answered with an UPDATE of what it lacks. */
  serverStep1: 12,
  /** server → editor: another editor's changes, stored. */
  remoteUpdate: 13,
  /** server → editor: how many of this connection's UPDATEs are stored, in all. */
  ack: 14,
  /** server → editor: the answer to PING. */
  pong: 15,
} as const;

/**
 * Close codes (4000-4999 are the application's), each with the reason the server gives. An editor
 * reconnects after a close unless the code says it would be refused again.
 */
export const CloseCode = {
  /** Not signed in, or the token is not valid (any more). */
  unauthorized: 4401,
  /** No access to this document, or access was lost (removed from the project). */
  forbidden: 4403,
  /** A read-only connection sent a change. */
  readOnly: 4405,
  /** The document name names nothing. */
  notFound: 4404,
  /** A message that could not be read, or a change outside the editor's schema. */
  invalid: 4400,
  /** A message over the size cap. */
  tooLarge: 4413,
  /** Too many connection attempts. */
  rateLimited: 4429,
  /** The server is stopping, or could not store a change: reconnect. */
  goingAway: 4503,
} as const;

/** The websocket's own close code for a message over the server's frame limit (RFC 6455): resending it would fail the same way. */
export const MESSAGE_TOO_BIG = 1009;

/** Close codes after which reconnecting would only be refused again. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([CloseCode.unauthorized, CloseCode.forbidden, CloseCode.readOnly, CloseCode.notFound, CloseCode.invalid, CloseCode.tooLarge, MESSAGE_TOO_BIG]);

/** The largest message the server reads (bytes): one change of several megabytes is refused, and the connection closed. */
export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** A message: its type and raw payload (in a buffer of its own, as `WebSocket.send` takes). */
export function encodeMessage(type: number, payload?: Uint8Array | string | number | null): Uint8Array<ArrayBuffer> {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  if (payload instanceof Uint8Array) encoding.writeVarUint8Array(encoder, payload);
  else if (typeof payload === 'string') encoding.writeVarString(encoder, payload);
  else if (typeof payload === 'number') encoding.writeVarUint(encoder, payload);
  // lib0 types its result loosely; it is always a new Uint8Array over an ArrayBuffer.
  return encoding.toUint8Array(encoder) as Uint8Array<ArrayBuffer>;
}

/** A decoded message; `read*` read its payload. Throws a RangeError on a message that cannot be read. */
export function decodeMessage(data: Uint8Array): { type: number; bytes(): Uint8Array; text(): string; count(): number } {
  if (!(data instanceof Uint8Array) || data.length === 0) throw new RangeError('An empty message');
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  const done = <T>(value: T): T => {
    if (decoding.hasContent(decoder)) throw new RangeError('A message with bytes left over');
    return value;
  };
  return {
    type,
    bytes: () => done(decoding.readVarUint8Array(decoder)),
    text: () => done(decoding.readVarString(decoder)),
    count: () => done(decoding.readVarUint(decoder)),
  };
}

/** What WELCOME says about the connection. */
export interface Welcome {
  readOnly: boolean;
}
