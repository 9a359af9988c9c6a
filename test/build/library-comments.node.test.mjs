// The library entries' JavaScript loses our doc and line comments (scripts/rollup-library-comments.mjs):
// never a string's, a template's or a pattern's text, nor an annotation a bundler reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutComments } from '../../scripts/rollup-library-comments.mjs';

test('drops doc and line comments, and keeps strings, templates, patterns and annotations', () => {
  const code = [
    '/** What it does. */',
    'export const a = /*#__PURE__*/ make();',
    "// a line comment",
    "const s = '/** not a comment */ // nor this';",
    'const t = `// in a template ${1} /** still */`;',
    'const r = /\\/\\*\\* x/g;',
    'const lazy = () => import(/* @vite-ignore */ url);',
    '/*! a legal notice */',
    'const b = 1; // after code',
  ].join('\n');
  const out = withoutComments(code).toString();
  assert.doesNotMatch(out, /What it does|a line comment|after code/);
  for (const kept of ["'/** not a comment */ // nor this'", '`// in a template ${1} /** still */`', '/\\/\\*\\* x/g', '/*#__PURE__*/', '/* @vite-ignore */', '/*! a legal notice */']) assert.ok(out.includes(kept), kept);
  // Still JavaScript that runs the same: every line is still there.
  assert.equal(out.split('\n').length, code.split('\n').length);
});

test('leaves a file without such comments as it is', () => {
  assert.equal(withoutComments('export const x = /*#__PURE__*/ f();\n'), null);
});
