// Finds the browsers the tests and the benchmark drive: Chromium, Firefox and WebKitGTK's WebDriver.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function find(envName, candidates) {
  const fromEnv = process.env[envName];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** The path of a Chromium (or Chrome) binary, or null when none is installed. */
export const findChromium = () =>
  find('CHROME_PATH', ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']);

/**
 * The switches every headless Chromium of the tests and the benchmark takes: no sandbox (tests run
 * as root in containers), no GPU, nothing fetched or synced in the background, no first-run UI.
 * Chromium 156 also makes each window two WebUI omnibox popups (each a renderer of its own) that
 * a page driven headless never shows: in an end-to-end file they took a third of Chromium's
 * processor time (6.4 of 25.9 s), so they are turned off (as Puppeteer's later defaults do).
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
]);

/**
 * The switches of the tests' Chromium (Web Test Runner's and the end-to-end tests'), not the
 * benchmark's: CHROMIUM_ARGS, and V8's optimising compiler (TurboFan) off, its tiers up to Maglev
 * kept. A test page runs most of its code a few times, so TurboFan's compiles on background threads
 * were work the suite never got back: measured with eight of the app's files, the renderers'
 * processor time 63-76 -> 52 s (45 s against 52-62 s to run); with eight of the editor's heaviest
 * files (a 10,000-block document among them) 53-60 -> 49-57 s, no slower. What a test checks does
 * not depend on the tier its code runs in; the benchmark measures the browser as users have it.
 */
export const TEST_CHROMIUM_ARGS = Object.freeze([...CHROMIUM_ARGS, '--js-flags=--max-opt=2']);

/** The path of a Firefox binary (Debian's firefox-esr first), or null. */
export const findFirefox = () => find('FIREFOX_PATH', ['/usr/bin/firefox-esr', '/usr/bin/firefox']);

/**
 * The oldest Firefox the tests run in. Puppeteer sends WebDriver BiDi commands with every page
 * that older versions do not know (Firefox ESR 140 answers "unknown command
 * emulation.setScreenOrientationOverride" and every test file fails).
 */
export const FIREFOX_MIN_VERSION = 153;

/** Why the Firefox at `path` cannot run the tests (too old, or it does not start), or null when it can. */
export function firefoxProblem(path) {
  let printed;
  try {
    printed = execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    return `${path} did not say its version (${error instanceof Error ? error.message.split('\n')[0] : error}).`;
  }
  const major = Number(/(\d+)\.\d+/.exec(printed)?.[1]);
  if (!(major >= FIREFOX_MIN_VERSION)) return `${printed.trim().split('\n')[0]} at ${path} is older than Firefox ${FIREFOX_MIN_VERSION}, the oldest the tests run in.`;
  return null;
}

/** The path of WebKitGTK's WebDriver (Debian's webkit2gtk-driver), or null. */
export const findWebKitDriver = () => find('WEBKIT_WEBDRIVER_PATH', ['/usr/bin/WebKitWebDriver']);

/** The path of Xvfb (Debian's xvfb), which WebKitGTK's MiniBrowser needs without a display, or null. */
export const findXvfb = () => find('XVFB_PATH', ['/usr/bin/Xvfb']);

/** The path of WebKitGTK's MiniBrowser, the browser WebKitWebDriver starts, or null. */
export const findMiniBrowser = () =>
  find('MINIBROWSER_PATH', [
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser',
    '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
    '/usr/libexec/webkitgtk-6.0/MiniBrowser',
  ]);
