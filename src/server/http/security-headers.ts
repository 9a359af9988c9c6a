import type { FastifyInstance } from 'fastify';
import { imageSourcesDirective } from './image-policy.js';

/**
 * The app pages' policy: our own scripts only; images from this server, data/blob (uploads in
 * progress) and the allowed image hosts only (http/image-policy.ts), so that no image another
 * site serves, pasted or shared live, can tell it who is reading.
 */
export const appCsp = (imageOrigins: readonly string[]): string => [
  "default-src 'self'",
  "script-src 'self'",
  // Inline <style> in the pages and style attributes set by the editor and React.
  "style-src 'self' 'unsafe-inline'",
  imageSourcesDirective(imageOrigins),
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Everything that is not an HTML page (JSON, scripts, files) may not run or load anything when opened directly. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Adds the security headers to every response; pages may show images from `imageOrigins`. A
 * route that sets its own Content-Security-Policy (e.g. for served uploads) keeps it.
 */
export function installSecurityHeaders(app: FastifyInstance, imageOrigins: readonly string[] = []): void {
  const pagePolicy = appCsp(imageOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // A 304 has no content type; browsers merge its headers into the cached page, so a policy
    // chosen here would replace the page's own (a revisited app page would become sandboxed).
    if (!reply.hasHeader('content-security-policy') && reply.statusCode !== 304) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('content-security-policy', type.startsWith('text/html') ? pagePolicy : RESOURCE_CSP);
    }
    // Answers about accounts and workspaces must not linger in shared caches or the back/forward cache.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
