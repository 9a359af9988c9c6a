// The embed bundle keeps heavy, rarely used code out of the file every page loads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from 'esbuild';

/** A string only markdown-it's source holds (its parse() argument check). */
const MARKDOWN_IT_MARK = 'Input data should be a String';
/** A string only refractor's core holds (its error for a missing grammar). */
const REFRACTOR_MARK = 'Unknown language: ';

test('the element bundle loads markdown-it and the highlighter only on demand', async () => {
  const result = await build({
    entryPoints: { 'rich-editor': 'src/element/index.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'out',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  const entry = result.outputFiles.find((file) => file.path.endsWith('/rich-editor.js'));
  assert.ok(entry, 'the entry is built');
  const lazy = result.outputFiles.filter((file) => file !== entry && file.path.endsWith('.js'));
  assert.ok(!entry.text.includes(MARKDOWN_IT_MARK), 'markdown-it is not in the entry');
  assert.ok(lazy.some((file) => file.text.includes(MARKDOWN_IT_MARK)), 'markdown-it is in a lazy chunk');
  assert.ok(!entry.text.includes(REFRACTOR_MARK), 'the syntax highlighter is not in the entry');
  assert.ok(lazy.some((file) => file.text.includes(REFRACTOR_MARK)), 'the syntax highlighter is in a lazy chunk');
});
