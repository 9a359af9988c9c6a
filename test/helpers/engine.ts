/**
 * The browser engine running the tests. Product code detects features, never engines; a
 * test that can only run in some engines says why in one line through `itIn`.
 */
export type Engine = 'chromium' | 'firefox' | 'webkit';

function detect(): Engine {
  const agent = navigator.userAgent;
  if (/Firefox\//.test(agent)) return 'firefox';
  if (/Chrom(e|ium)\//.test(agent)) return 'chromium';
  return 'webkit';
}

export const engine: Engine = detect();

/**
 * `it`, registered only in `engines`; elsewhere the test does not exist (a skipped test
 * counts as a failure in `npm test`). `why` says in one line what the other engines lack.
 */
export function itIn(engines: readonly Engine[], why: string, title: string, fn: Mocha.Func | Mocha.AsyncFunc): void {
  if (!why.trim()) throw new Error(`itIn("${title}") needs a reason`);
  if (engines.includes(engine)) it(title, fn);
}
