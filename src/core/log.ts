/**
 * The SDK's one logger. Failures the spec says are "only logged" (a failed mention
 * fetch, a failed image delete, a paste that could not be handled, …) go through it,
 * and nothing else in the SDK writes to the console. Hosts may replace it.
 */
export interface Logger {
  error(message: string, cause?: unknown): void;
  warn(message: string, cause?: unknown): void;
}

const consoleLogger: Logger = {
  error: (message, cause) => console.error(`[rich-editor] ${message}`, ...(cause === undefined ? [] : [cause])),
  warn: (message, cause) => console.warn(`[rich-editor] ${message}`, ...(cause === undefined ? [] : [cause])),
};

let current: Logger = consoleLogger;

/** Replaces the logger (pass `null` to restore the console one); returns the previous logger. */
export function setLogger(logger: Logger | null): Logger {
  const previous = current;
  current = logger ?? consoleLogger;
  return previous;
}

/** The logger in use. */
export const log: Logger = {
  error: (message, cause) => current.error(message, cause),
  warn: (message, cause) => current.warn(message, cause),
};
