/**
 * The Host allow-list. A page on another site can make its own host name resolve to this
 * machine (DNS rebinding) and then talk to a local instance as if it were same-origin: the
 * browser sends that other name as Host, which is refused here with 421. Served: the public
 * URL's host (PUBLIC_URL), `localhost`, `127.0.0.1` and `[::1]` on the port the request came
 * in on, and the address the request came in on itself (an IP literal cannot be rebound).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** The answer to a request for a host name this server does not serve. */
export const MISDIRECTED_HOST_MESSAGE = 'This server does not answer to this host name. Open the app at its own address.';

/** Names that always mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A host name or IP literal and an optional port, nothing else (no user info, path or spaces). */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** Where a request arrived, as the allow-list needs it. */
export interface HostContext {
  /** The public URL's origin (PUBLIC_URL), or null. */
  publicUrl: string | null;
  /** The server port the connection came in on. */
  localPort: number | undefined;
  /** The server address the connection came in on (`127.0.0.1`, `::ffff:10.0.0.5`…). */
  localAddress: string | undefined;
}

/** The address as a Host header writes it: IPv4-mapped IPv6 as IPv4, IPv6 in brackets. */
function addressAsHost(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();
  return plain.includes(':') ? `[${plain}]` : plain;
}

/** Whether a request with this Host header (or forwarded host) is for this server. */
export function isAllowedHost(host: string | undefined, context: HostContext): boolean {
  const match = HOST_HEADER.exec((host ?? '').trim().toLowerCase());
  if (!match) return false;
  const [, name, port] = match as unknown as [string, string, string | undefined];
  if (context.publicUrl) {
    const publicUrl = new URL(context.publicUrl);
    const defaultPort = publicUrl.protocol === 'https:' ? '443' : '80';
    if (name === publicUrl.hostname && (port ?? defaultPort) === (publicUrl.port || defaultPort)) return true;
  }
  // Without a port, a browser is on port 80.
  if (context.localPort === undefined || Number(port ?? 80) !== context.localPort) return false;
  return LOOPBACK_NAMES.has(name) || (context.localAddress !== undefined && name === addressAsHost(context.localAddress));
}

function hostContext(request: FastifyRequest, publicUrl: string | null): HostContext {
  return { publicUrl, localPort: request.socket.localPort, localAddress: request.socket.localAddress };
}

/**
 * Refuses (421) every request whose Host header, or whose forwarded host from a trusted proxy,
 * is not one of this server's names. Runs before anything else.
 */
export function installHostCheck(app: FastifyInstance, publicUrl: string | null): void {
  app.addHook('onRequest', async (request) => {
    const context = hostContext(request, publicUrl);
    const hosts = new Set([request.headers.host, request.host]);
    for (const host of hosts) {
      if (!isAllowedHost(host, context)) throw new HttpError(421, MISDIRECTED_HOST_MESSAGE);
    }
  });
}
