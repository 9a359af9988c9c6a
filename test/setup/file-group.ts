/**
 * Runs several test files in one browser page (see scripts/wtr-groups.mjs, which writes the
 * pages' entries). Each file is imported in turn, and what it declares stays its own:
 * - its top-level suites and tests move into a suite named after the file, so a report names
 *   the file each test is in;
 * - its top-level `before` and `after` become that suite's; its top-level `beforeEach` and
 *   `afterEach` stay at the top, in the order the file has them beside the hooks every file
 *   shares (@open-wc/testing's fixture cleanup), but run for its own tests only;
 * - that suite first gives the page back as a file found it when it had a page of its own: the
 *   viewport the page opened with, the mouse released and at rest, no storage, nothing focused,
 *   scrolled to the top.
 * A module shared by several files declares the hooks meant for every test of the page with a
 * title starting with PAGE_HOOK (the app's render helper: the screens' code loaded once, the
 * storage cleared after each test).
 */
import { resetMouse, setViewport } from '@web/test-runner-commands';

/** A test file of the page: its path (from the project) and how to import it. */
export type GroupedFile = readonly [path: string, load: () => Promise<unknown>];

/** The suite name that marks a suite as one file of a grouped page (the count reporter reads it). */
export const FILE_SUITE_PREFIX = 'file: ';

/** The start of the title of a top-level hook meant for every test of the page, whichever file declared it. */
export const PAGE_HOOK = 'every file: ';

type HookName = 'before' | 'after' | 'beforeEach' | 'afterEach';
type HookFn = (this: Mocha.Context, done: Mocha.Done) => unknown;
type Globals = Record<string, unknown>;

const HOOKS: readonly HookName[] = ['before', 'after', 'beforeEach', 'afterEach'];
const SUITE_FUNCTIONS = ['describe', 'context', 'xdescribe', 'xcontext'];

/** Imports `files` in order, each into a suite of its own that starts from a fresh page. */
export async function testFiles(files: readonly GroupedFile[]): Promise<void> {
  const root = mocha.suite;
  const SuiteClass = root.constructor as typeof Mocha.Suite;
  const viewport = { width: innerWidth, height: innerHeight };
  for (const [path, load] of files) {
    const file = SuiteClass.create(root, `${FILE_SUITE_PREFIX}${path}`);
    file.beforeAll('a fresh page', () => freshPage(viewport));
    const suitesBefore = root.suites.length;
    const testsBefore = root.tests.length;
    try {
      await withOwnHooks(file, load);
    } catch (error) {
      // A file that does not load fails under its own name; the page's other files still run.
      file.addTest(new Mocha.Test('loads', () => Promise.reject(error)));
    }
    const suites = root.suites.splice(suitesBefore);
    const tests = root.tests.splice(testsBefore);
    // Moved as they are: addSuite and addTest would give them the new suite's timeout.
    for (const moved of [...suites, ...tests]) moved.parent = file;
    file.suites.push(...suites);
    file.tests.push(...tests);
  }
}

/** Runs `load` with the hooks it declares at its top level kept to `file`'s tests (see above). */
async function withOwnHooks(file: Mocha.Suite, load: () => Promise<unknown>): Promise<void> {
  const globals = globalThis as unknown as Globals;
  const saved = new Map<string, unknown>();
  let depth = 0;
  // Inside a describe callback a hook is that suite's: only top-level ones are changed.
  const counted = (body: unknown) =>
    typeof body === 'function'
      ? function (this: unknown, ...args: unknown[]) {
          depth++;
          try {
            return (body as (...a: unknown[]) => unknown).apply(this, args);
          } finally {
            depth--;
          }
        }
      : body;
  for (const name of SUITE_FUNCTIONS) {
    const original = globals[name] as ((title: string, body?: unknown) => unknown) & Record<string, (title: string, body?: unknown) => unknown>;
    if (typeof original !== 'function') continue;
    saved.set(name, original);
    const wrap = (call: (title: string, body?: unknown) => unknown) => (title: string, body?: unknown) => call(title, counted(body));
    globals[name] = Object.assign(wrap(original), {
      ...(original.only ? { only: wrap(original.only) } : {}),
      ...(original.skip ? { skip: wrap(original.skip) } : {}),
    });
  }
  for (const name of HOOKS) {
    const original = globals[name] as (...args: unknown[]) => unknown;
    saved.set(name, original);
    globals[name] = (...args: unknown[]) => {
      const title = typeof args[0] === 'string' ? args[0] : null;
      if (depth > 0 || title?.startsWith(PAGE_HOOK)) return original(...args);
      const fn = (title === null ? args[0] : args[1]) as HookFn;
      const named = (hookFn: HookFn) => (title === null ? [hookFn] : [title, hookFn]);
      if (name === 'before') return file.beforeAll(...(named(fn) as [HookFn]));
      if (name === 'after') return file.afterAll(...(named(fn) as [HookFn]));
      return original(...named(onlyIn(file, fn)));
    };
  }
  try {
    await load();
  } finally {
    for (const [name, value] of saved) globals[name] = value;
  }
}

/** `fn` as an each-test hook that does nothing for the tests of other files (with its arity: mocha reads it). */
function onlyIn(file: Mocha.Suite, fn: HookFn): HookFn {
  const mine = (context: Mocha.Context) => {
    for (let suite = context.currentTest?.parent; suite; suite = suite.parent) if (suite === file) return true;
    return false;
  };
  return fn.length > 0
    ? function (this: Mocha.Context, done: Mocha.Done) {
        return mine(this) ? fn.call(this, done) : done();
      }
    : function (this: Mocha.Context) {
        return mine(this) ? (fn as (this: Mocha.Context) => unknown).call(this) : undefined;
      } as HookFn;
}

/** The page as a test file finds it when it has a page of its own. */
async function freshPage(viewport: { width: number; height: number }): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  await resetMouse();
  if (innerWidth !== viewport.width || innerHeight !== viewport.height) await setViewport(viewport);
  (document.activeElement as HTMLElement | null)?.blur?.();
  scrollTo(0, 0);
}
