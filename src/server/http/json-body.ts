import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** The refusal of a JSON body whose bytes are not UTF-8 (RFC 8259 §8.1: JSON exchanged between systems is UTF-8). */
export const BODY_NOT_UTF8 = 'The request body is not valid UTF-8.';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies are read as UTF-8 strictly: bytes that are not UTF-8 are refused (400) instead of
 * read with U+FFFD in their place, which stored text no client sent (a title, a comment). The
 * rest is Fastify's own JSON parser (its checks of `__proto__` and `constructor` included).
 */
export function installStrictJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(badRequest(BODY_NOT_UTF8), undefined);
    }
    parse(request, text, done);
  });
}
