// The embed bundle's source maps keep one mapping per line of a dependency's code and every
// mapping of ours (scripts/rollup-dependency-lines.mjs): built with and without the plugin, every
// place in the minified file maps to the same file and line, and our code to the same column too.
// The library's files (unminified) are mapped by line throughout, every place to the same file and line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TraceMap, eachMapping, originalPositionFor } from '@jridgewell/trace-mapping';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { rollup } from 'rollup';
import { dependencyLineMaps, isDependency } from '../../scripts/rollup-dependency-lines.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Our collaboration protocol module and what it imports of lib0, built as the embed bundle is, with its map. */
async function build(plugins, minified = true) {
  const bundle = await rollup({
    input: `${root}src/collab/protocol.ts`,
    plugins: [
      resolve({ extensions: ['.ts', '.js'] }),
      esbuild({ target: 'es2022', tsconfig: `${root}tsconfig.json`, sourceMap: true }),
      ...(minified ? [terser({ module: true })] : []),
      ...plugins,
    ],
  });
  const { output } = await bundle.generate({ format: 'es', sourcemap: true, sourcemapExcludeSources: true });
  await bundle.close();
  const [chunk] = output;
  const asset = output.find((file) => file.fileName === chunk.sourcemapFileName);
  assert.equal(JSON.parse(asset.source).mappings, chunk.map.mappings, 'the written map is the chunk map');
  return new TraceMap(JSON.parse(asset.source));
}

/** Every place `full` maps maps to the same file and line in `trimmed`, and to the same column where `byColumn(source)`. */
function expectSamePlaces(full, trimmed, byColumn) {
  eachMapping(full, (mapping) => {
    if (mapping.source === null) return;
    const at = { line: mapping.generatedLine, column: mapping.generatedColumn };
    const was = originalPositionFor(full, at);
    const is = originalPositionFor(trimmed, at);
    assert.equal(is.source, was.source, `the file at ${at.line}:${at.column}`);
    assert.equal(is.line, was.line, `the line at ${at.line}:${at.column}`);
    if (byColumn(was.source)) assert.equal(is.column, was.column, `the column at ${at.line}:${at.column}`);
  });
}

test("a dependency's code is mapped by line, ours by token, and every place keeps its file and line", async () => {
  const full = await build([]);
  const trimmed = await build([dependencyLineMaps()]);
  const count = (map, dependency) => {
    let n = 0;
    eachMapping(map, (mapping) => (n += mapping.source !== null && isDependency(mapping.source) === dependency ? 1 : 0));
    return n;
  };
  assert.ok(count(full, true) > 0 && count(full, false) > 0, 'the sample holds code of both');
  assert.ok(count(trimmed, true) < count(full, true) / 2, `the dependency's mappings: ${count(full, true)} to ${count(trimmed, true)}`);
  assert.equal(count(trimmed, false), count(full, false), 'ours all kept');
  expectSamePlaces(full, trimmed, (source) => !isDependency(source));
});

test('the library, unminified, is mapped by line, every place keeping its file and line', async () => {
  const full = await build([], false);
  const trimmed = await build([dependencyLineMaps(() => true)], false);
  const count = (map) => {
    let n = 0;
    eachMapping(map, (mapping) => (n += mapping.source === null ? 0 : 1));
    return n;
  };
  assert.ok(count(trimmed) < count(full) / 2, `the mappings: ${count(full)} to ${count(trimmed)}`);
  expectSamePlaces(full, trimmed, () => false);
});
