// The benchmark's bookkeeping: the TipTap bundle with the element's features really carries
// each extension, and the target checks judge against the right figures.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { targetChecks } from '../../bench/report.mjs';
import { TIPTAP_FEATURES, tiptapFeaturesEntry } from '../../bench/tiptap-features.mjs';

const root = new URL('../..', import.meta.url).pathname;

/** The minified bundle of a generated TipTap adapter, as the bench builds it. */
async function bundle(contents) {
  const result = await build({
    stdin: { contents, resolveDir: join(root, 'bench/adapters'), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

test('the same-features TipTap bundle carries every listed extension and the benchmark configuration', async () => {
  const base = await bundle(tiptapFeaturesEntry([]));
  const whole = await bundle(tiptapFeaturesEntry());
  // Each TipTap extension registers itself under its name.
  for (const name of ['bubbleMenu', 'dragHandle', 'fileHandler', 'tableOfContents']) {
    assert.ok(!base.includes(`"${name}"`), `the benchmark's TipTap has no ${name}`);
    assert.ok(whole.includes(`"${name}"`), `the same-features bundle has ${name}`);
  }
  // The highlighter replaces the starter kit's code block, and lowlight comes with it.
  assert.match(whole, /registerLanguage/);
  assert.ok(!base.includes('registerLanguage'));
  // The configuration the runtime figures use is all there too.
  for (const name of ['mention', 'taskItem', 'typography', 'slashCommands']) assert.ok(whole.includes(`"${name}"`), `the same-features bundle keeps ${name}`);
  assert.ok(whole.length > base.length);
});

test('each feature row bundles on its own', async () => {
  for (const row of TIPTAP_FEATURES) {
    const code = await bundle(tiptapFeaturesEntry([row]));
    assert.ok(code.length > 0, row.feature);
  }
});

const kib = 1024;
/** Results with only what the checks read. */
const results = ({ ours = 100 * kib, tiptap = 150 * kib, same = 200 * kib, medians = {} } = {}) => ({
  medians,
  bundle: { ours: { gzipped: ours }, tiptap: { gzipped: tiptap } },
  bundleSameFeatures: same == null ? undefined : { gzipped: same, withoutLargest: { feature: 'drag handle beside blocks', gzipped: 160 * kib } },
});
const bundleCheck = (r) => targetChecks(r).find(([what]) => what.startsWith('element bundle'));

test('the bundle target is judged against TipTap with the same features', () => {
  const [, met, figures] = bundleCheck(results({ ours: 140 * kib, tiptap: 150 * kib, same: 200 * kib }));
  assert.equal(met, true);
  assert.match(figures, /^0\.70x: 140\.0 vs 200\.0 KiB/);
  // The sensitivity and the runtime configuration's figure are on record beside it.
  assert.match(figures, /0\.88x without the drag handle beside blocks extension/);
  assert.match(figures, /0\.93x the TipTap target's 150\.0 KiB/);
});

test('a bundle over 0.75x of the same-features TipTap misses the target', () => {
  const [, met] = bundleCheck(results({ ours: 151 * kib, same: 200 * kib }));
  assert.equal(met, false);
});

test('without the same-features figure the bundle target is not measured', () => {
  const [, met, figures] = bundleCheck(results({ same: null }));
  assert.equal(met, null);
  assert.equal(figures, 'not measured');
});

test('a run without raw ProseMirror or the contenteditable leaves their targets unjudged', () => {
  const medians = { 'load 10000': { ours: 1000, tiptap: 3000 }, 'typing p95 10000': { ours: 30, tiptap: 150 } };
  const checks = targetChecks(results({ medians }));
  const load = checks.find(([what]) => what.startsWith('load'));
  const typing = checks.find(([what]) => what.startsWith('typing'));
  assert.equal(load[1], null);
  assert.match(load[2], /0\.33x TipTap, not measured ProseMirror/);
  assert.equal(typing[1], null);
});
