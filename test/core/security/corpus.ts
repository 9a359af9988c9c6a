/**
 * The security corpus: malicious inputs collected from public sources, each run
 * through every parser, paste path and serialiser by `security.test.ts`. Every
 * payload calls `alert`, `confirm`, `prompt` or `__xss` when it manages to run,
 * which the harness traps and counts.
 */
import { DOMPURIFY_CORPUS } from './corpus-dompurify.js';
import { EDITOR_CORPUS } from './corpus-editors.js';
import { JSON_CORPUS } from './corpus-json.js';
import { OWASP_CORPUS } from './corpus-owasp.js';

/** One malicious input: HTML (parsed and pasted) or a stored JSON document (loaded). */
export interface CorpusEntry {
  /** A short name, unique in the corpus. */
  name: string;
  /** Where the payload comes from (cheat sheet, test suite, advisory or issue). */
  source: string;
  /** Markup, for HTML parsing and paste. */
  html?: string;
  /** A stored document (object or JSON string), for `parseJSON`. */
  json?: unknown;
  /**
   * Why the markup does nothing when a host inserts it raw with `innerHTML` today
   * (a legacy browser trick, or an attack on string-built serialisers); the harness
   * checks that every other raw payload is hostile.
   */
  inertRaw?: string;
}

/** Every entry of the corpus. */
export const CORPUS: readonly CorpusEntry[] = [...OWASP_CORPUS, ...DOMPURIFY_CORPUS, ...EDITOR_CORPUS, ...JSON_CORPUS];
