// The browser suite in WebKit: Debian's WebKitGTK MiniBrowser, driven through WebKitWebDriver.
// Without a DISPLAY the launcher starts its own Xvfb and stops it when the run ends.
import { defaultReporter } from '@web/test-runner';
import { countReporter } from './scripts/count-reporter.mjs';
import { findMiniBrowser, findWebKitDriver } from './scripts/browsers.mjs';
import { webkitLauncher } from './scripts/wtr-webkit.mjs';
import base, { ENGINE_FILES, middlewareFor, progress } from './web-test-runner.config.mjs';

const driverPath = findWebKitDriver();
const browserPath = findMiniBrowser();
if (!driverPath || !browserPath) {
  throw new Error('WebKitGTK was not found. Install Debian\'s webkit2gtk-driver and xvfb, or set WEBKIT_WEBDRIVER_PATH and MINIBROWSER_PATH.');
}

/**
 * The files npm test runs in WebKit: the engine tier but one. The block pin's tests click the
 * same spot of a new editor one after another, which WebKit counts as a double click (a
 * word selected, then typed over); its print check needs emulateMedia, which Web Test
 * Runner has only for Chromium's and Playwright's pages (README, "Browsers").
 * WEBKIT_ALL=1 runs that file too.
 */
const WEBKIT_FILES = [...ENGINE_FILES, '!test/element/block-pin.test.ts'];

export default {
  ...base,
  files: process.env.WEBKIT_ALL === '1' ? ENGINE_FILES : WEBKIT_FILES,
  middleware: middlewareFor(process.env.WEBKIT_ALL === '1' ? ENGINE_FILES : WEBKIT_FILES),
  reporters: [defaultReporter(), progress.reporter, countReporter('.test-results/browser-webkit.json', progress)],
  // Each test file gets its own MiniBrowser window (one per WebKitWebDriver process). One
  // file at a time: X gives keyboard focus to one window only, so in a second window beside
  // it document.hasFocus() is false and focus, blur, popups and toolbars misbehave.
  concurrency: Number(process.env.WTR_WEBKIT_CONCURRENCY ?? 1),
  browsers: [webkitLauncher({ driverPath, browserPath })],
};
