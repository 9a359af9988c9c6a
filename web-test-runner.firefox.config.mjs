// The browser suite in Firefox ESR (Debian's firefox-esr), driven by puppeteer over WebDriver BiDi.
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { defaultReporter } from '@web/test-runner';
import { countReporter } from './scripts/count-reporter.mjs';
import { findFirefox, firefoxProblem } from './scripts/browsers.mjs';
import { watchTestPage } from './scripts/wtr-watch.mjs';
import base, { engineTestPages, middlewareFor, progress } from './web-test-runner.config.mjs';

const executablePath = findFirefox();
if (!executablePath) throw new Error('Firefox was not found. Run `npm test` (it installs Debian\'s firefox-esr when it can) or set FIREFOX_PATH.');
const problem = firefoxProblem(executablePath);
if (problem) throw new Error(`${problem} Run \`npm test\` (it installs Debian's firefox-esr when it can), upgrade it, or set FIREFOX_PATH to a newer one.`);

/** The engine tier, several files to a page (web-test-runner.config.mjs). */
const pages = engineTestPages();

export default {
  ...base,
  files: pages,
  middleware: middlewareFor(pages),
  reporters: [defaultReporter(), progress.reporter, countReporter('.test-results/browser-firefox.json', progress)],
  browsers: [
    puppeteerLauncher({
      // One test page at a time, each in its own window: Firefox gives keyboard focus to one
      // window only (in a window behind another, document.hasFocus() is false and the arrow
      // keys do not move the caret), and runs no animation frames in a tab behind another
      // (a file waiting for one never finishes).
      concurrency: 1,
      createPage: async ({ context }) => watchTestPage(await context.newPage({ type: 'window' })),
      launchOptions: { browser: 'firefox', executablePath, headless: true },
    }),
  ],
};
