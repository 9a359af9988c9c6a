/**
 * Runs several test files in one browser page (see scripts/wtr-groups.mjs, which writes the
 * pages' entries). Each file is imported in turn; the suites and tests it declared at its top
 * level move into a suite named after the file, so a report names the file each test is in, and
 * that suite first gives the page back as a file found it: the viewport the page opened with,
 * the mouse released and at rest, no storage, nothing focused, scrolled to the top. Hooks a
 * shared module declares at the top level (the app's render helper: the screens' code loaded
 * once, the storage cleared after each test) stay the page's, for every file in it.
 */
import { resetMouse, setViewport } from '@web/test-runner-commands';

/** A test file of the page: its path (from the project) and how to import it. */
export type GroupedFile = readonly [path: string, load: () => Promise<unknown>];

/** The suite name that marks a suite as one file of a grouped page (the count reporter reads it). */
export const FILE_SUITE_PREFIX = 'file: ';

type Suite = Mocha.Suite;

/** Imports `files` in order, each into a suite of its own that starts from a fresh page. */
export async function testFiles(files: readonly GroupedFile[]): Promise<void> {
  const root = mocha.suite;
  const SuiteClass = root.constructor as typeof Mocha.Suite;
  const viewport = { width: innerWidth, height: innerHeight };
  for (const [path, load] of files) {
    const suitesBefore = root.suites.length;
    const testsBefore = root.tests.length;
    await load();
    const suites = root.suites.splice(suitesBefore);
    const tests = root.tests.splice(testsBefore);
    const file: Suite = SuiteClass.create(root, `${FILE_SUITE_PREFIX}${path}`);
    file.beforeAll('a fresh page', () => freshPage(viewport));
    // Moved as they are: addSuite and addTest would give them the new suite's timeout.
    for (const moved of [...suites, ...tests]) moved.parent = file;
    file.suites.push(...suites);
    file.tests.push(...tests);
  }
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
