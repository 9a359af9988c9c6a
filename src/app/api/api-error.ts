/** The text shown when the server gave no usable error text. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** The text shown when the server could not be reached at all. */
export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/**
 * A refused or failed API call: the HTTP status (0 when the server was not reached) and the
 * server's `error` text as the message. `body` keeps the whole JSON answer, for refusals that
 * carry more than a sentence (a stale description's `current` text, a theme form's `field`).
 */
export class ApiError extends Error {
  /** The HTTP status, or 0 for a network failure. */
  readonly status: number;
  /** The JSON body of the answer, when it had one. */
  readonly body: Record<string, unknown> | null;

  constructor(status: number, message: string, body: Record<string, unknown> | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Whether `error` is an ApiError with `status`. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The sentence to show a user for any error: an ApiError's message, or the generic text. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : GENERIC_ERROR;
}

/** The form field a refusal names as at fault (its `field`), or null. */
export function refusedField(error: unknown): string | null {
  const field = error instanceof ApiError ? error.body?.field : undefined;
  return typeof field === 'string' ? field : null;
}
