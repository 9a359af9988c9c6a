// Parts of the embed bundle an editor fetches only when a host first uses them, in a real
// Chromium: mention highlights once a host gives its list (an editor without one never fetches
// them), highlighting the mentions as soon as they arrive; a highlights chunk that cannot be
// fetched gives its clear warning and the mentions still show. The scrolling to a heading comes
// with the first scrollToHeading, which answers at once and scrolls when it arrives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkPattern, openEmbed, servingBuild } from './helpers/built-site.mjs';

const CHUNKS = {
  highlights: chunkPattern('highlights'),
  scrolling: chunkPattern('scroll-to-heading'),
};
const HIGHLIGHTS_WARNING = "[rich-editor] The editor's mention highlights could not be loaded";
const MENTIONS = '<p>Hi <span data-type="mention" data-id="m1" data-label="Ada" data-entity-identifier="u1" data-entity-name="user_mention">@Ada</span> and <span data-type="mention" data-id="m2" data-label="Bob" data-entity-identifier="u2" data-entity-name="user_mention">@Bob</span></p>';

const site = servingBuild();

/** Opens a read-only editor on `value`, each chunk named in CHUNKS handled as `handling` says (`continue` by default, or `abort`). */
async function open(value, handling = {}) {
  const opened = await openEmbed(site, { attributes: 'readonly', chunks: CHUNKS, handling });
  await opened.page.evaluate((html) => document.getElementById('editor').setValue(html), value);
  return opened;
}

const highlighted = (page) =>
  page.evaluate(() => [...document.getElementById('editor').shadowRoot.querySelectorAll('.mention.mention-highlight')].map((mention) => mention.textContent));

test('mention highlights are fetched once a host gives its list, and highlight its mentions when they arrive', async () => {
  const { page, problems, requested } = await open(MENTIONS);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  assert.deepEqual(requested, [], 'an editor without a list fetches nothing for it');
  assert.deepEqual(await highlighted(page), []);
  await page.evaluate(() => (document.getElementById('editor').mentionHighlights = () => Promise.resolve(['u2'])));
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('.mention.mention-highlight'));
  assert.deepEqual(await highlighted(page), ['@Bob']);
  assert.deepEqual(requested, ['highlights']);
  // A new list after they arrived is asked for at once.
  await page.evaluate(() => (document.getElementById('editor').mentionHighlights = () => Promise.resolve(['u1'])));
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('.mention.mention-highlight')?.textContent === '@Ada');
  assert.deepEqual(await highlighted(page), ['@Ada']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a highlights chunk that cannot be fetched gives its clear warning once; the mentions still show', async () => {
  const { page, problems, warnings, warning } = await open(MENTIONS, { highlights: 'abort' });
  await page.evaluate(() => (document.getElementById('editor').mentionHighlights = () => Promise.resolve(['u1'])));
  await warning;
  assert.equal(warnings.filter((w) => w.startsWith(HIGHLIGHTS_WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.equal(await page.evaluate(() => document.getElementById('editor').shadowRoot.querySelectorAll('.mention').length), 2);
  assert.deepEqual(await highlighted(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the first scrollToHeading answers at once, fetches the scrolling and scrolls the heading to the top; a heading that is not there fetches nothing', async () => {
  const filler = '<p>text</p>'.repeat(150);
  const { page, problems, requested } = await open(`<h2>One</h2>${filler}<h2>Two</h2>${filler}`);
  assert.equal(await page.evaluate(() => document.getElementById('editor').scrollToHeading(1, 1)), false);
  assert.deepEqual(requested, []);
  assert.equal(await page.evaluate(() => document.getElementById('editor').scrollToHeading(2, 2)), true);
  await page.waitForFunction(() => Math.abs(document.getElementById('editor').shadowRoot.querySelectorAll('h2')[1].getBoundingClientRect().top) <= 2);
  assert.deepEqual(requested, ['scrolling']);
  assert.deepEqual(problems, []);
  await page.close();
});
