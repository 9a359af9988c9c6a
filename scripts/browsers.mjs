// Finds the browsers the tests and the benchmark drive: Chromium, Firefox and WebKitGTK's WebDriver.
import { existsSync } from 'node:fs';

function find(envName, candidates) {
  const fromEnv = process.env[envName];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** The path of a Chromium (or Chrome) binary, or null when none is installed. */
export const findChromium = () =>
  find('CHROME_PATH', ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']);

/** The path of a Firefox binary (Debian's firefox-esr first), or null. */
export const findFirefox = () => find('FIREFOX_PATH', ['/usr/bin/firefox-esr', '/usr/bin/firefox']);

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
