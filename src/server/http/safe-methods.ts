/** The HTTP methods that only read (RFC 9110's safe methods the API answers): nothing is changed by them. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether `method` only reads: cross-site checks and read-only API tokens let these through. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}
