// Runs in Node (no DOM): the React wrapper must import and render on a server.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

test('the React wrapper imports and renders to a string without a DOM', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  assert.equal(typeof globalThis.customElements, 'undefined');
  const result = await build({
    entryPoints: ['src/react/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    packages: 'external',
    logLevel: 'silent',
  });
  // Inside the project so the bundle's bare imports resolve from node_modules.
  const dir = mkdtempSync(join(process.cwd(), '.test-results', 'ssr-'));
  try {
    const file = join(dir, 'react.mjs');
    writeFileSync(file, result.outputFiles[0].text);
    const { RichEditor } = await import(pathToFileURL(file).href);
    const React = await import('react');
    const { renderToString } = await import('react-dom/server');
    const markup = renderToString(React.createElement(RichEditor, { value: '<p>x</p>', readOnly: true }));
    assert.match(markup, /^<rich-editor/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
