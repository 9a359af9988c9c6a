// The embed demo in a real Chromium: the built one-file bundle loads, the editor
// works, and nothing is logged as an error. Screenshots of it, light and dark, go to
// .test-results/, or to docs/ (the README's pictures) with UPDATE_SCREENSHOTS=1.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { servingBuild } from './helpers/built-site.mjs';

const site = servingBuild();

async function openDemo(theme) {
  const page = await site.browser.newPage();
  const problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  await page.setViewport({ width: 1200, height: 900 });
  await page.goto(`${site.base}/`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.getElementById('html')?.textContent?.includes('Release notes'));
  return { page, problems };
}

test('the demo loads the one-file bundle and the editor takes typing', async () => {
  const { page, problems } = await openDemo('light');
  const scripts = await page.$$eval('script[type="module"][src]', (nodes) => nodes.map((n) => n.getAttribute('src')));
  assert.deepEqual(scripts, ['/dist/browser/rich-editor.min.js', './demo.js']);
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.keyboard.type('Typed in the demo');
  await page.waitForFunction(() => document.getElementById('markdown').textContent.endsWith('Typed in the demo'));
  const viewerText = await page.evaluate(() => document.getElementById('viewer').getHTML());
  assert.match(viewerText, /Typed in the demo/);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const theme of ['light', 'dark']) {
  test(`screenshot of the demo in ${theme} mode`, async () => {
    const { page, problems } = await openDemo(theme);
    await page.evaluate(() => document.getElementById('editor').editorView.focus());
    const dir = process.env.UPDATE_SCREENSHOTS ? 'docs' : '.test-results';
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/demo-${theme}.png` });
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(background, theme === 'dark' ? 'rgb(13, 16, 27)' : 'rgb(255, 255, 255)');
    assert.deepEqual(problems, []);
    await page.close();
  });
}
