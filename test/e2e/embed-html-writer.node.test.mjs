// The embed bundle's HTML string writer, in a real Chromium: every editor (a read-only one too)
// fetches it when the browser is idle; getHTML called at once (written through the browser's DOM)
// and after it has arrived gives the same string, and a writer chunk that cannot be fetched gives
// one clear warning while getHTML keeps working.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkPattern, openEmbed, servingBuild } from './helpers/built-site.mjs';

const WRITER = chunkPattern('string-writer');
const WRITER_WARNING = "[rich-editor] The editor's HTML writer could not be loaded";
/** Markup the editor rewrites (so getHTML writes it rather than hand back what it was given): marks, an image with a size, coloured cells, a link, code. */
const RICH =
  '<h2>Title <b>bold</b> &amp; <i>it</i></h2><p>a&nbsp;b <a href="https://example.com/?a=1&b=2">link</a> <code>x &lt; y</code></p>' +
  '<img src="/dist/none.png" width="120" height="80" style="width: 120px">' +
  '<table><tr><td data-background="#d6e4fc" data-colwidth="90"><p>cell</p></td><th><p>head</p></th></tr></table>' +
  '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>done</p></li></ul><pre><code class="language-js">let a = "&";</code></pre><hr>';

const site = servingBuild();

/** Opens a page with a read-only editor on RICH; the writer's chunk is held until `release()`, or refused with `abort`. */
async function open({ abort = false } = {}) {
  const opened = await openEmbed(site, { attributes: 'readonly', chunks: { writer: WRITER }, handling: { writer: abort ? 'abort' : 'hold' } });
  await opened.page.evaluate((html) => document.getElementById('editor').setValue(html), RICH);
  return { ...opened, writerRequested: opened.chunkAsked('writer') };
}

/** getHTML of the editor set to RICH anew (a document the writer in use has not written yet). */
const freshHTML = (page) =>
  page.evaluate((html) => {
    const editor = document.getElementById('editor');
    editor.setValue('<p>other</p>');
    editor.setValue(html);
    return editor.getHTML();
  }, RICH);

test('getHTML at once, before the string writer arrives, and after it has, gives the same string; a read-only editor fetches it when idle', async () => {
  const { page, problems, writerRequested, release } = await open();
  const before = await page.evaluate(() => document.getElementById('editor').getHTML());
  assert.match(before, /<img width="120px" src="\/dist\/none.png" height="80px" style="width: 120px; height: 80px;">/);
  assert.match(before, /<h2>Title <strong>bold<\/strong> &amp; <em>it<\/em><\/h2>/);
  const url = await writerRequested;
  release();
  // Importing the chunk's address again resolves once the module the editor asked for has run.
  await page.evaluate((href) => import(href), url);
  assert.equal(await freshHTML(page), before);
  assert.equal(await page.evaluate(() => document.getElementById('editor').getHTML()), before);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a writer chunk that cannot be fetched gives one clear warning; getHTML keeps working, with the same string', async () => {
  const reference = await open();
  const expected = await reference.page.evaluate(() => document.getElementById('editor').getHTML());
  await reference.page.close();
  const { page, problems, warnings, warning, writerRequested } = await open({ abort: true });
  await writerRequested;
  await warning;
  assert.equal(warnings.filter((warning) => warning.startsWith(WRITER_WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.equal(await freshHTML(page), expected);
  assert.equal(await freshHTML(page), expected);
  assert.equal(warnings.length, 1, 'no other warning');
  assert.deepEqual(problems, []);
  await page.close();
});
