// The browser suite in WebKit: Debian's WebKitGTK MiniBrowser, driven through WebKitWebDriver.
// Without a DISPLAY the launcher starts its own Xvfb and stops it when the run ends.
import { defaultReporter } from '@web/test-runner';
import { countReporter } from './scripts/count-reporter.mjs';
import { findMiniBrowser, findWebKitDriver } from './scripts/browsers.mjs';
import { webkitLauncher } from './scripts/wtr-webkit.mjs';
import base, { engineTestPages, middlewareFor, progress } from './web-test-runner.config.mjs';

const driverPath = findWebKitDriver();
const browserPath = findMiniBrowser();
if (!driverPath || !browserPath) {
  throw new Error('WebKitGTK was not found. Install Debian\'s webkit2gtk-driver and xvfb, or set WEBKIT_WEBDRIVER_PATH and MINIBROWSER_PATH.');
}

/**
 * The files npm test runs in WebKit: the whole engine tier, several files to a page
 * (web-test-runner.config.mjs). Tests that need what WebKit's WebDriver lacks, such as print
 * media, say so through `itIn`.
 */
const pages = engineTestPages();

export default {
  ...base,
  files: pages,
  middleware: middlewareFor(pages),
  reporters: [defaultReporter(), progress.reporter, countReporter('.test-results/browser-webkit.json', progress)],
  // Each test page gets its own MiniBrowser window (one per WebKitWebDriver process). One
  // page at a time: X gives keyboard focus to one window only, so in a second window beside
  // it document.hasFocus() is false and focus, blur, popups and toolbars misbehave.
  concurrency: Number(process.env.WTR_WEBKIT_CONCURRENCY ?? 1),
  browsers: [webkitLauncher({ driverPath, browserPath })],
};
