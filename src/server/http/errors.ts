/**
 * An error a route throws on purpose: its status and message go to the client as
 * `{ error: message }`, whatever the status (also 5xx such as 502 for an upstream failure).
 */
export class HttpError extends Error {
  /** The HTTP status to answer with; fastify reads this property. */
  readonly statusCode: number;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;
  /** Extra fields sent beside `error` (e.g. the form field at fault). */
  readonly details: Record<string, unknown>;

  constructor(statusCode: number, message: string, options: { headers?: Record<string, string>; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

/** 400: the input is wrong. */
export const badRequest = (message: string) => new HttpError(400, message);
/** 401: nobody is signed in. */
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, message);
/** 403: signed in, but the role is too low. */
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
/** 404: no such thing, or the caller may not know it exists. */
export const notFound = (message = 'Not found.') => new HttpError(404, message);
/** 409: the request conflicts with the current state. */
export const conflict = (message: string) => new HttpError(409, message);
