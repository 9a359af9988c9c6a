/**
 * The AI client's failures. Each carries the HTTP status the API should answer with
 * (`statusCode`, which fastify's error handler reads) and a message the app can show.
 */

/** The environment variables that configure the AI endpoint. */
export const AI_ENV_VARIABLES = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const;

/** What users are told when the server has no AI endpoint (never the variables: those are for the operator). */
export const AI_NOT_AVAILABLE = 'The AI assistant is not available on this server.';

/** What the server log tells the operator when the AI endpoint is missing. */
export const AI_SETUP_HINT = `Set ${AI_ENV_VARIABLES.slice(0, -1).join(', ')} and ${AI_ENV_VARIABLES.at(-1)} to enable the AI assistant.`;

/** Thrown when the server has no AI endpoint configured; its message is for users, `hint` for the log. */
export class AiNotConfiguredError extends Error {
  readonly statusCode = 503;
  readonly hint = AI_SETUP_HINT;

  constructor() {
    super(AI_NOT_AVAILABLE);
    this.name = 'AiNotConfiguredError';
  }
}

/**
 * The AI service failed: an error status, an unreadable answer or no connection.
 * `upstreamStatus` is the service's HTTP status (`null` when it never answered).
 * A rate-limited service (its 429) is not the user's monthly quota, which the API
 * answers itself with 429, so it maps to 503 here.
 */
export class AiUpstreamError extends Error {
  readonly statusCode: 502 | 503;
  readonly rateLimited: boolean;
  readonly upstreamStatus: number | null;

  constructor(upstreamStatus: number | null, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AiUpstreamError';
    this.upstreamStatus = upstreamStatus;
    this.rateLimited = upstreamStatus === 429;
    this.statusCode = this.rateLimited ? 503 : 502;
  }
}

/** The AI service did not answer in time. */
export class AiTimeoutError extends Error {
  readonly statusCode = 504;
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`The AI service did not answer within ${Math.round(timeoutMs / 100) / 10} seconds. Please try again.`);
    this.name = 'AiTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}
