import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from './auth.js';
import { HttpError } from './errors.js';
import { isSafeMethod } from './safe-methods.js';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether a mutating request may proceed: same origin, an allowed origin, or a non-browser client. */
export function isSameSiteRequest(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (allowedOrigins.includes(origin)) return true;
    const host = hostOf(origin);
    return host !== null && host === request.headers.host?.toLowerCase();
  }
  // Browsers send Origin on every cross-origin POST; without it, Fetch Metadata (when sent) must agree.
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Cross-site request forgery protection, on top of the SameSite session cookie: mutating
 * requests from another origin get 403, and bodies are accepted only as JSON or multipart
 * (text/plain is a type a cross-site form could send, so its parser is removed: 415). A request
 * with an API token (`Authorization: Bearer`) is let through from anywhere: it is authenticated by
 * that header alone, never by cookies, and a page elsewhere cannot make a browser send the header
 * (it is not a CORS-safelisted header and this server allows no cross-origin requests).
 */
export function installCrossSiteProtection(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (isSafeMethod(request.method) || bearerToken(request) !== null) return;
    if (!isSameSiteRequest(request, allowedOrigins)) throw new HttpError(403, 'Cross-site request refused.');
  });
}
