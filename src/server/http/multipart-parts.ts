// Reading the parts of a multipart request (request.parts() of @fastify/multipart): what the
// upload and import routes share.
import { badRequest, type HttpError } from './errors.js';

/** The answer to a multipart body the parser cannot read. */
export const UNREADABLE_UPLOAD = 'The upload could not be read.';

/**
 * The parse errors of @fastify/busboy (under @fastify/multipart), which carry no code: a
 * Content-Type without a boundary or with one longer than the parser takes, and a body that ends
 * inside a part or before its closing boundary.
 */
const PARSER_MESSAGES = /^(?:Multipart: Boundary not found|Boundary required|The needle cannot have a length bigger than \d+\.|(?:\w+ terminated early due to )?unexpected end of multipart data)$/i;

/**
 * 400 "The upload could not be read." when an error thrown while reading `request.parts()` is
 * the body's fault (malformed, cut short, a broken boundary); null for anything else (the
 * route's own refusals and the server's failures keep their answers).
 */
export function unreadableMultipart(error: unknown): HttpError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE') return badRequest(UNREADABLE_UPLOAD);
  if (code === undefined && error instanceof Error && PARSER_MESSAGES.test(error.message)) return badRequest(UNREADABLE_UPLOAD);
  return null;
}

/**
 * Lets the parser read past a file part nobody wants: its bytes are dropped as they come, and the
 * next part (or the parser's error, when the body breaks off inside this one) comes through
 * request.parts() as usual. Waiting here for the part's end instead never returns when the body
 * breaks off: the error goes to the iterator, which nobody is reading meanwhile.
 */
export function skipPart(file: NodeJS.ReadableStream): void {
  file.on('error', () => {});
  file.resume();
}
