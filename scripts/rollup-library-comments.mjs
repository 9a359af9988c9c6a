// A rollup plugin for the library entries (dist/core, dist/element, …): their JavaScript loses
// our doc comments (`/** … */`) and line comments. The package ships them three times over
// otherwise: in src/ (which the maps point to), in dist/types (which editors read for hover
// docs), and in the JavaScript a host's bundler minifies away anyway. Comments are found by a
// parser (acorn), never by pattern, so no string, regular expression or template literal is
// touched; annotations a bundler reads (`/*#__PURE__*/`, `/* @vite-ignore */`, `/*! … */`) stay,
// and the source map follows the edit.
import { Parser } from 'acorn';
import MagicString from 'magic-string';

/** Whether a comment is one to drop: a doc comment or a line comment, never an annotation or a legal notice. */
export function droppable(block, text) {
  if (!block) return !text.startsWith('#') && !text.startsWith('@');
  return text.startsWith('*') && !/@license|@preserve|[#@]__PURE__|[#@]__NO_SIDE_EFFECTS__/.test(text);
}

/** `code` without its droppable comments, and the map of the change (null when none was dropped). */
export function withoutComments(code) {
  const comments = [];
  Parser.parse(code, { ecmaVersion: 'latest', sourceType: 'module', onComment: (block, text, start, end) => comments.push({ block, text, start, end }) });
  const dropped = comments.filter(({ block, text }) => droppable(block, text));
  if (!dropped.length) return null;
  const s = new MagicString(code);
  for (const { start, end } of dropped) s.remove(start, end);
  return s;
}

/** The plugin: each chunk without its droppable comments. */
export function libraryComments() {
  return {
    name: 'library-comments',
    renderChunk(code) {
      const s = withoutComments(code);
      return s ? { code: s.toString(), map: s.generateMap({ hires: true }) } : null;
    },
  };
}
