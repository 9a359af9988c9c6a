import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hashSessionToken } from './sessions.js';

/**
 * A token for a mailed link (choosing a new password, an invitation) and the HMAC the database
 * keeps of it, as sessions keep theirs: a leaked table opens no link.
 */
export function newLinkToken(secret: string): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(secret, token) };
}

/**
 * The app's address for a mailed link: `path` on the public URL when set, else on the address
 * this request came to (its Host is one the host check serves: loopback or this machine's own
 * address), with the token in the fragment, which browsers send to no server and in no Referer.
 */
export function mailedLink(request: FastifyRequest, publicUrl: string | null, path: string, param: string, token: string): string {
  return `${publicUrl ?? `${request.protocol}://${request.host}`}${path}#${param}=${token}`;
}
