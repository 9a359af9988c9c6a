// A browser through puppeteer-core for the end-to-end tests, with a record of every page problem.
// E2E_BROWSER=firefox runs them in Debian's Firefox ESR over WebDriver BiDi; Chromium otherwise.
import puppeteer from 'puppeteer-core';
import { TEST_CHROMIUM_ARGS, findChromium, findFirefox } from '../../../scripts/browsers.mjs';

/** The engine the end-to-end tests drive: `chromium` (the default) or `firefox`. */
/**
 * How the app's tests wait for a page of the app to load: its requests done but for two. The app
 * keeps the workspace's live stream open (server-sent events, never finished), so the network
 * is never idle with none open ('networkidle0' would wait until it times out).
 */
export const APP_LOADED = { waitUntil: 'networkidle2' };

export const e2eBrowser = process.env.E2E_BROWSER === 'firefox' ? 'firefox' : 'chromium';

/** Launches the chosen browser headless (Chromium without its sandbox: tests run as root in containers). */
export function launchBrowser() {
  if (e2eBrowser === 'firefox') {
    const executablePath = findFirefox();
    if (!executablePath) throw new Error('Firefox is missing: install it (apt-get install firefox-esr) or set FIREFOX_PATH');
    return launchFirefox(executablePath, 'light');
  }
  return launchChromium();
}

/** Launches Chromium headless, whatever E2E_BROWSER says (for tests of what only Chromium measures or intercepts). */
export function launchChromium() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium is missing: install it (apt-get install chromium) or set CHROME_PATH');
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: [...TEST_CHROMIUM_ARGS, '--disable-dev-shm-usage'],
  });
}

/**
 * Firefox over BiDi cannot emulate `prefers-color-scheme` per page (that needs CDP), so each
 * theme gets a browser of its own with the content colour scheme set by preference: the light
 * one from `launchBrowser`, the dark one started when first asked for and closed with it.
 */
function launchFirefox(executablePath, theme) {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    extraPrefsFirefox: { 'layout.css.prefers-color-scheme.content-override': theme === 'dark' ? 0 : 1 },
  });
}
const darkFirefox = new WeakMap();
function browserForTheme(browser, theme) {
  if (e2eBrowser !== 'firefox' || theme !== 'dark') return browser;
  let dark = darkFirefox.get(browser);
  if (!dark) {
    dark = launchFirefox(findFirefox(), 'dark');
    darkFirefox.set(browser, dark);
    browser.once('disconnected', () => dark.then((sibling) => sibling.close()).catch(() => {}));
  }
  return dark;
}

/**
 * A new page in its own browser context (its own cookies), light or dark, recording page errors
 * and console errors in `problems`. With `downloadPath`, files the page downloads are saved there.
 */
export async function openPage(browser, { theme = 'light', width = 1280, height = 900, downloadPath } = {}) {
  const downloads = downloadPath ? { downloadBehavior: { policy: 'allow', downloadPath } } : {};
  const context = await (await browserForTheme(browser, theme)).createBrowserContext(downloads);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location()?.url ?? ''})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // A dialog nobody expected (the "Leave site?" question over unsaved text, an alert) would hold
  // the page, and every later step would wait out its bound: it is a problem, accepted at once.
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`.trim());
    dialog.accept().catch(() => {});
  });
  // The last keys the page was given and the dialogs it opened and closed (a failure's report lists
  // them): whether a key step that did nothing reached the page at all, with which modifiers,
  // whether the app took it (a key the app handles is marked so once its dispatch has ended), and
  // whether a dialog it should open opened and closed again.
  await page.evaluateOnNewDocument(() => {
    const seen = [];
    Object.defineProperty(window, '__e2eKeys', { value: seen });
    const note = (entry) => {
      seen.push(entry);
      if (seen.length > 16) seen.shift();
    };
    addEventListener(
      'keydown',
      (event) => {
        const held = ['ctrl', 'shift', 'alt', 'meta'].filter((modifier) => event[`${modifier}Key`]);
        const entry = { text: `${[...held, event.key].join('+')}${document.hasFocus() ? '' : ' (page without focus)'}` };
        note(entry);
        // Diagnostics only: read once the event's dispatch has ended, when every listener has run.
        setTimeout(() => {
          if (event.defaultPrevented) entry.text += ' (handled)';
        });
      },
      true,
    );
    let dialogs = 0;
    new MutationObserver(() => {
      const count = document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length;
      if (count !== dialogs) note({ text: `${count > dialogs ? 'dialog opened' : 'dialog closed'} (${count} open)` });
      dialogs = count;
    }).observe(document, { childList: true, subtree: true });
  });
  if (e2eBrowser === 'chromium') await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await page.setViewport({ width, height });
  // Every wait polls for a rendered state, so a long bound costs a passing test nothing; it only
  // has to outlast a machine busy with the other suites (10 s did not, in Firefox under CI load).
  page.setDefaultTimeout(30_000);
  return { page, problems, close: () => context.close() };
}

/**
 * Runs `steps` on `session`'s page; a failure is rethrown with what the page showed then (its
 * address, its text and the problems so far), so a broken screen is easy to tell from a broken test.
 */
export async function onPage(session, steps) {
  try {
    await steps(session.page);
  } catch (error) {
    const url = await session.page.evaluate(() => location.pathname).catch(() => '?');
    const text = await session.page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1200)).catch(() => '?');
    // Whether keys could reach the page: a page that is hidden or without focus gets none.
    const focus = await session.page
      .evaluate(() => {
        const active = document.activeElement;
        const name = active ? `${active.tagName.toLowerCase()}${active.getAttribute('aria-label') ? ` "${active.getAttribute('aria-label')}"` : ''}` : 'none';
        return `${document.visibilityState}, ${document.hasFocus() ? 'focused' : 'not focused'}, active element ${name}`;
      })
      .catch(() => '?');
    const keys = await session.page.evaluate(() => (window.__e2eKeys ?? []).map((entry) => entry.text).join(', ') || 'none').catch(() => '?');
    error.message += `\n  at ${url}\n  the page showed: ${text}\n  the page was: ${focus}\n  keys it received and dialogs it showed, last: ${keys}\n  problems: ${JSON.stringify(session.problems)}`;
    throw error;
  } finally {
    await session.close();
  }
}
