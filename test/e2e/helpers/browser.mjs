// Chromium through puppeteer-core for the end-to-end tests, with a record of every page problem.
import puppeteer from 'puppeteer-core';
import { findChromium } from '../../../scripts/browsers.mjs';

/** Launches Debian's Chromium headless (no sandbox: tests run as root in containers). */
export function launchBrowser() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium is missing: install it (apt-get install chromium) or set CHROME_PATH');
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/**
 * A new page in its own browser context (its own cookies), light or dark, recording page errors
 * and console errors in `problems`.
 */
export async function openPage(browser, { theme = 'light', width = 1280, height = 900 } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location()?.url ?? ''})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await page.setViewport({ width, height });
  page.setDefaultTimeout(10_000);
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
    error.message += `\n  at ${url}\n  the page showed: ${text}\n  problems: ${JSON.stringify(session.problems)}`;
    throw error;
  } finally {
    await session.close();
  }
}
