/** An error raised by PostgreSQL (either back-end), with its SQLSTATE code. */
export interface DatabaseError extends Error {
  /** SQLSTATE, e.g. '23505' for a unique violation. */
  code: string;
  /** The server's detail line, e.g. `Key (slug)=(acme) already exists.` */
  detail?: string;
  /** The violated constraint's name, when there is one. */
  constraint?: string;
}

/** Whether `error` came from PostgreSQL (optionally with this SQLSTATE code). */
export function isDatabaseError(error: unknown, code?: string): error is DatabaseError {
  if (!(error instanceof Error)) return false;
  const { code: sqlState, severity } = error as { code?: unknown; severity?: unknown };
  // Node's own errors have codes too (EPIPE); only PostgreSQL's carry a severity.
  if (typeof sqlState !== 'string' || typeof severity !== 'string') return false;
  return code === undefined || sqlState === code;
}
