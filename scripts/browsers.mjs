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
