// The README and the guides under docs/ as a reader's markdown viewer draws them: every code
// block that opens also closes before the next one opens, so no text after one is drawn as code
// (CommonMark reads a fence with a language inside a code block as more code).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/**
 * The line numbers of the fences that open a code block left open: never closed, or still open
 * where a fence with a language (the next block's opening) comes. A closing fence is at least as
 * long as the opening one, with no info string.
 */
function unclosed(markdown) {
  const found = [];
  let open = null;
  markdown.split('\n').forEach((line, index) => {
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (!fence) return;
    const info = fence[2].trim();
    if (!open) open = { line: index + 1, marker: fence[1] };
    else if (fence[1][0] === open.marker[0] && fence[1].length >= open.marker.length && !info) open = null;
    else if (info) {
      found.push(open.line);
      open = { line: index + 1, marker: fence[1] };
    }
  });
  return open ? [...found, open.line] : found;
}

test('every code block in the README and docs/ is closed', () => {
  assert.ok(documents.includes('docs/extensions.md'));
  const found = documents.flatMap((path) => unclosed(readFileSync(join(root, path), 'utf8')).map((line) => `${path}:${line}`));
  assert.deepEqual(found, [], 'a code block opened here runs to the end of the document');
});
