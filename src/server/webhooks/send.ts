import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedAddress, type Resolver } from './target.js';

/** The most of a receiver's answer read before the connection is closed: its body is not used. */
export const RESPONSE_BYTES_READ = 64 * 1024;

/** The signature header: `sha256=` and the hex HMAC-SHA256 of the raw body under the webhook's secret. */
export const SIGNATURE_HEADER = 'X-Signature-256';

/** The delivery's id, the same on every retry (receivers can drop a delivery they already handled). */
export const DELIVERY_HEADER = 'X-Webhook-Delivery';

/** The event's kind (issue, comment, cycle, module, page). */
export const EVENT_HEADER = 'X-Webhook-Event';

/** The value of the signature header for `body` under `secret`. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** One POST to make. */
export interface Outgoing {
  url: string;
  body: string;
  secret: string;
  deliveryId: string;
  event: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Stops the try (the server is closing). */
  signal?: AbortSignal;
  resolve?: Resolver;
}

/** How a try went: the receiver's status (2xx is delivered), or an error when it never answered. */
export interface SendResult {
  status: number | null;
  error: string | null;
}

/**
 * POSTs one delivery: signed, to the address `checkedAddress` allowed (pinned with `lookup`, so
 * the connection cannot go elsewhere), redirects not followed (a redirect is an answer that is not
 * 2xx), at most RESPONSE_BYTES_READ of the answer read, and the whole try cut at `timeoutMs`.
 * Throws `TargetRefused` for a private target; other failures are results.
 */
export async function sendDelivery(out: Outgoing): Promise<SendResult> {
  const url = new URL(out.url);
  const pinned = await checkedAddress(url.hostname, out.allowPrivate, out.resolve);
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const options: RequestOptions = {
    method: 'POST',
    lookup,
    agent: false,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(out.body)),
      'User-Agent': 'rich-editor-webhooks/1',
      [SIGNATURE_HEADER]: signature(out.secret, out.body),
      [DELIVERY_HEADER]: out.deliveryId,
      [EVENT_HEADER]: out.event,
    },
  };
  const stopped: SendResult = { status: null, error: 'The server stopped before the receiver answered.' };
  // The server may have stopped while the address was checked: nothing is sent then.
  if (out.signal?.aborted) return stopped;
  return new Promise<SendResult>((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, options);
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      out.signal?.removeEventListener('abort', abort);
      request.destroy();
      resolve(result);
    };
    // Listened for before anything can end the try: every ending destroys the request, which then
    // emits an error ("socket hang up") that, unheard, would stop the process.
    request.on('error', (failure: NodeJS.ErrnoException) => finish({ status: null, error: `Could not reach the receiver (${failure.code ?? failure.message}).` }));
    const timer = setTimeout(() => finish({ status: null, error: `The receiver did not answer within ${out.timeoutMs / 1000} seconds.` }), out.timeoutMs);
    const abort = () => finish(stopped);
    out.signal?.addEventListener('abort', abort);
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const error = status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? `The receiver answered ${status}, a redirect, which is not followed.` : `The receiver answered ${status}.`;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= RESPONSE_BYTES_READ) finish({ status, error });
      });
      response.on('end', () => finish({ status, error }));
      response.on('error', () => finish({ status, error }));
    });
    request.end(out.body);
  });
}
