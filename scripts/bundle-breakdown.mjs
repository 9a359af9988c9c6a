// What each part of an embed bundle file weighs: `node scripts/bundle-breakdown.mjs [file…] [--modules]`
// (after `node scripts/build.mjs`; by default the entry, dist/browser/rich-editor.min.js).
// Each character of the minified file is given to the source its source map names; each part's
// characters are gzipped apart, and those sizes are scaled so that they add up to the file's own
// gzipped size (level 9): a share of the gzipped file, not a size the part would have alone.
// Parts are a dependency's package (prosemirror-view, lit…) or one of our source folders
// (core/plugins, element/node-views…); --modules lists single modules instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const modules = args.includes('--modules');
const files = args.filter((arg) => !arg.startsWith('--'));

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The fields of one source-map segment (base64 VLQ). */
function decodeSegment(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** The part a source belongs to: a dependency's package, or our folder (or module, with --modules). */
function partOf(source) {
  if (!source) return '(no source)';
  const dependency = source.lastIndexOf('node_modules/');
  if (dependency >= 0) {
    const [scope, name] = source.slice(dependency + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const own = source.replace(/^.*?\bsrc\//, '');
  const folders = own.split('/');
  return modules ? own : folders.slice(0, folders.length > 2 ? 2 : 1).join('/');
}

/** Each part's characters of the minified `code`, from its source map. */
function charactersByPart(code, map) {
  const parts = new Map();
  const add = (part, text) => parts.set(part, (parts.get(part) ?? '') + text);
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    let start = 0;
    let current = null;
    for (const segment of line.split(',').filter(Boolean)) {
      const fields = decodeSegment(segment);
      column += fields[0];
      add(current, text.slice(start, column));
      if (fields.length > 1) {
        source += fields[1];
        current = partOf(map.sources[source]);
      } else current = null;
      start = column;
    }
    add(current, text.slice(start));
  });
  return parts;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);
for (const file of files.length ? files : ['dist/browser/rich-editor.min.js']) {
  const code = readFileSync(join(root, file), 'utf8');
  const map = JSON.parse(readFileSync(join(root, `${file}.map`), 'utf8'));
  const total = gzipSync(code, { level: 9 }).length;
  const parts = [...charactersByPart(code, map)].map(([part, text]) => [part ?? '(glue)', text.length, gzipSync(text, { level: 9 }).length]);
  const scale = total / parts.reduce((sum, [, , gzipped]) => sum + gzipped, 0);
  console.log(`\n${file}: ${kb(code.length).trim()} minified, ${kb(total).trim()} gzipped (${total} bytes)`);
  for (const [part, minified, gzipped] of parts.sort((a, b) => b[2] - a[2])) console.log(`${part.padEnd(48)}${kb(minified)}${kb(gzipped * scale)}`);
}
