// The browser suite in Firefox ESR (Debian's firefox-esr), driven by puppeteer over WebDriver BiDi.
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { defaultReporter } from '@web/test-runner';
import { countReporter } from './scripts/count-reporter.mjs';
import { findFirefox } from './scripts/browsers.mjs';
import { watchTestPage } from './scripts/wtr-watch.mjs';
import base from './web-test-runner.config.mjs';

const executablePath = findFirefox();
if (!executablePath) throw new Error('Firefox was not found. Run `npm test` (it installs Debian\'s firefox-esr when it can) or set FIREFOX_PATH.');

export default {
  ...base,
  reporters: [defaultReporter(), countReporter('.test-results/browser-firefox.json')],
  browsers: [
    puppeteerLauncher({
      // One test file at a time: Firefox gives keyboard focus to one tab or window only, so a
      // second file running beside it would lose its keys.
      concurrency: 1,
      createPage: async ({ context }) => watchTestPage(await context.newPage()),
      launchOptions: { browser: 'firefox', executablePath, headless: true },
    }),
  ],
};
