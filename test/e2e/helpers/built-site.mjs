// The project's built files served on a free port with a headless Chromium beside them, for the
// end-to-end tests of the embed bundle and the demo: one home for their setup and its cleanup.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before } from 'node:test';
import { serve } from '../../../scripts/serve.mjs';
import { launchChromium } from './browser.mjs';

/**
 * Serves the project (scripts/serve.mjs) and launches Chromium before the file's tests, closing
 * both after them. The returned object's `base` (the server's origin) and `browser` are set once
 * the tests start.
 */
export function servingBuild() {
  const site = { base: '', browser: null, server: null };
  before(async () => {
    assert.ok(existsSync('dist/browser/rich-editor.min.js'), 'npm test builds dist/ first');
    site.server = await serve(0);
    site.base = `http://127.0.0.1:${site.server.address().port}`;
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    await new Promise((resolve) => (site.server ? site.server.close(resolve) : resolve()));
  });
  return site;
}

/** The URL pattern of the embed bundle's chunk named `name` (`pieces` matches `/dist/browser/pieces-<hash>.min.js`). */
export const chunkPattern = (name) => new RegExp(`/dist/browser/${name}-[\\w-]+\\.min\\.js$`);
