import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { nodeEnvAsProduction, reactAsEsm } from './scripts/wtr-react.mjs';
import { defaultReporter } from '@web/test-runner';
import { countReporter } from './scripts/count-reporter.mjs';
import { TEST_CHROMIUM_ARGS, findChromium } from './scripts/browsers.mjs';
import { watchTestPage } from './scripts/wtr-watch.mjs';
import { clickThenKeysPlugin, inputMethodPlugin } from './scripts/wtr-input.mjs';
import { collabServerPlugin } from './scripts/wtr-collab.mjs';
import { bundledPackages, bundledTestFiles } from './scripts/wtr-bundle.mjs';
import { testProgress } from './scripts/wtr-progress.mjs';
import { groupedTestPages } from './scripts/wtr-groups.mjs';

const executablePath = findChromium();
if (!executablePath) {
  throw new Error('Chromium was not found. Run `npm test` (it installs Debian\'s chromium when it can) or set CHROME_PATH.');
}

/** Loaded first by every test file, so unexpected errors fail the test that caused them. */
const CONSOLE_GUARD = 'test/setup/console-guard.ts';

/** The console guard for test files served one module at a time (WTR_BUNDLE=0; bundles load it themselves). */
const consoleGuard = {
  name: 'console-guard',
  transform(context) {
    if (/\/test\/.*\.test\.tsx?$/.test(context.path)) {
      return { body: `import '/${CONSOLE_GUARD}';\n${context.body}` };
    }
  },
};

/**
 * Editing together in depth (a shared document's every case): Chromium; one case of it runs in
 * every engine (collaboration-engines.test.ts), as typing and the view can differ there. And
 * writing through an input method, which only Chromium's DevTools protocol can drive.
 */
const CHROMIUM_ONLY_ELEMENT_FILES = 'test/element/{collab/{collaboration,features},input-method}.test.ts';

/**
 * The browser tiers. Every engine runs the files where engines can differ: the element and the
 * core's files that build an editor view, type, click, paste or read layout (ENGINE_FILES).
 * Chromium alone also runs the app's and the React wrapper's component tests (React screens
 * against a fake API: nothing in them differs between engines; the app's end-to-end flows run
 * in Firefox and WebKit too). Pure model code runs once, in Node (`*.node.test.ts`).
 */
const VIEW_FILES = ['test/core/**/*.test.ts', 'test/element/**/*.test.ts', 'test/setup/**/*.test.ts', '!**/*.node.test.ts'];
export const ENGINE_FILES = [...VIEW_FILES, `!${CHROMIUM_ONLY_ELEMENT_FILES}`];
/** The app's and the React wrapper's component tests. */
export const APP_FILES = ['test/react/**/*.test.ts', 'test/react/**/*.test.tsx', 'test/app/**/*.test.ts', 'test/app/**/*.test.tsx'];
/**
 * The app's and React's files run six to a page (scripts/wtr-groups.mjs): each page loads the
 * app's screens before its first test, which cost more than many files' tests. The app tier in
 * Chromium: 418 -> 250 processor-seconds, 222 -> 134 s. A file that needs a page where nothing
 * has run yet keeps its own: server-rendered markup is checked before `<rich-editor>` is defined.
 */
export const appTestPages = () => groupedTestPages(APP_FILES, { name: 'app', size: 6, alone: ['test/react/ssr-hydration.test.tsx'] });

/**
 * The view files that keep a page of their own. Those that need one: a part's CSS provided to
 * the page stays for every editor after it (part-styles), the markdown parser must not have been
 * fetched yet (markdown-paste-lazy), a test types into a read-only editor, which in Firefox opens
 * the window's quick find and leaves it holding keys the next file presses (rich-editor-api).
 * And the longest (10-50 s a file in WebKit), beside which a page's price is small.
 */
const VIEW_ALONE = [
  'test/element/part-styles.test.ts',
  'test/core/plugins/markdown-paste-lazy.test.ts',
  'test/element/rich-editor-api.test.ts',
  'test/element/command-sequence.test.ts',
  'test/core/serialize/html.test.ts',
  'test/core/serialize/html-writer.test.ts',
  'test/core/serialize/html-string.test.ts',
  'test/core/serialize/html-own.test.ts',
  'test/element/block-edges.test.ts',
  'test/element/caret-race.test.ts',
  'test/element/toolbar/toolbar-menus.test.ts',
  'test/element/block-pin.test.ts',
  'test/core/plugins/image-tracking.test.ts',
];
/** The view files, the rest six to a page: `name` keeps each tier's pages apart. */
const viewTestPages = (files, name) => groupedTestPages(files, { name, size: 6, alone: VIEW_ALONE });
/** The engine tier's pages (Firefox and WebKit). */
export const engineTestPages = () => viewTestPages(ENGINE_FILES, 'engine');
export const CHROMIUM_FILES = [...viewTestPages(VIEW_FILES, 'view'), ...appTestPages()];

/** Which test each running file is in: named when a file stalls, and in the list of failures. */
export const progress = testProgress();

/** The dev server's middleware for a run of `files`: progress notes, and each test file served as a bundle (scripts/wtr-bundle.mjs). */
export const middlewareFor = (files) => [progress.middleware, bundledTestFiles({ files, prelude: CONSOLE_GUARD })];

export default {
  files: [...CHROMIUM_FILES],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: 2,
  testsFinishTimeout: 300_000,
  browserStartTimeout: 60_000,
  rootDir: '.',
  middleware: middlewareFor(CHROMIUM_FILES),
  reporters: [defaultReporter(), progress.reporter, countReporter('.test-results/browser.json', progress)],
  plugins: [
    // React ships CommonJS; the browser gets it as ES modules.
    reactAsEsm(),
    // The icon set is one module per icon behind one barrel: served bundled, in one request.
    bundledPackages(['lucide-react']),
    // Libraries that read process.env.NODE_ENV (React Query) see "production", as in the app's bundle.
    nodeEnvAsProduction(),
    consoleGuard,
    progress.plugin,
    clickThenKeysPlugin(),
    inputMethodPlugin(),
    // Collaboration servers for the shared-document tests.
    collabServerPlugin(),
    esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  browsers: [
    chromeLauncher({
      // Each test page (a file, or several: scripts/wtr-groups.mjs) gets its own window: a tab
      // behind another would not animate (smooth scrolling, requestAnimationFrame) while the
      // other runs. And each of the pages running side by side has its own storage (a browser
      // context of its own, as two users' browsers): in one context, a board chosen by a file's
      // test was the layout of the other file's list at its next render.
      createPage: async ({ browser }) => watchTestPage(await (await browser.createBrowserContext()).newPage({ type: 'window' })),
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          ...TEST_CHROMIUM_ARGS,
          '--disable-dev-shm-usage',
          // Test files run in side-by-side tabs; keep background tabs animating and timing normally.
          '--disable-background-timer-throttling',
          '--disable-renderer-backgrounding',
          '--disable-backgrounding-occluded-windows',
        ],
      },
    }),
  ],
  testFramework: { config: { timeout: 20_000 } },
};
