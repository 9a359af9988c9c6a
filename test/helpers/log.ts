import { setLogger, type Logger } from '../../src/core/log.js';

/** A logged entry captured by `captureLog`. */
export interface LogEntry {
  level: 'error' | 'warn';
  message: string;
  cause: unknown;
}

/** Routes the SDK logger into an array until `restore()` is called. */
export function captureLog(): { entries: LogEntry[]; restore: () => void } {
  const entries: LogEntry[] = [];
  const logger: Logger = {
    error: (message, cause) => entries.push({ level: 'error', message, cause }),
    warn: (message, cause) => entries.push({ level: 'warn', message, cause }),
  };
  const previous = setLogger(logger);
  return { entries, restore: () => setLogger(previous) };
}
