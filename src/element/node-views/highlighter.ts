/**
 * The syntax highlighter itself: refractor (Prism grammars producing a syntax tree,
 * never markup strings; plain ES modules, so browsers load it as it is) with a
 * handful of common languages. Only `highlight.ts` imports this module, and only
 * through `import()`, so it is a separate chunk fetched the first time a code block
 * with a language is shown.
 */
import { refractor } from 'refractor/core';
import bash from 'refractor/bash';
import c from 'refractor/c';
import cpp from 'refractor/cpp';
import csharp from 'refractor/csharp';
import css from 'refractor/css';
import diff from 'refractor/diff';
import go from 'refractor/go';
import java from 'refractor/java';
import javascript from 'refractor/javascript';
import json from 'refractor/json';
import kotlin from 'refractor/kotlin';
import markdown from 'refractor/markdown';
import markup from 'refractor/markup';
import php from 'refractor/php';
import python from 'refractor/python';
import ruby from 'refractor/ruby';
import rust from 'refractor/rust';
import sql from 'refractor/sql';
import swift from 'refractor/swift';
import typescript from 'refractor/typescript';
import yaml from 'refractor/yaml';
import type { HighlightToken, Highlighter } from './highlight.js';

/**
 * The grammars the editor highlights; their aliases (`ts`, `py`, `html`, `sh` …) come
 * with them. Registering is idempotent: refractor's registry is grammar data shared
 * by every editor on the page, never editor state.
 */
const GRAMMARS = [bash, c, cpp, csharp, css, diff, go, java, javascript, json, kotlin, markdown, markup, php, python, ruby, rust, sql, swift, typescript, yaml];

type Tree = ReturnType<typeof refractor.highlight>;
type TreeChild = Tree['children'][number];

/** Flattens the syntax tree into class ranges over the code's text (nested tokens share a range). */
function tokensOf(children: readonly TreeChild[], classes: readonly string[], offset: { at: number }, out: HighlightToken[]): void {
  for (const child of children) {
    if (child.type === 'text') {
      const from = offset.at;
      offset.at += child.value.length;
      if (classes.length && child.value.length) out.push({ from, to: offset.at, className: [...new Set(classes)].join(' ') });
    } else if (child.type === 'element') {
      const own = child.properties.className;
      const names = Array.isArray(own) ? own.map(String) : [];
      tokensOf(child.children, names.length ? [...classes, ...names] : classes, offset, out);
    }
  }
}

/** Creates a highlighter with the editor's grammars. */
export function createHighlighter(): Highlighter {
  for (const grammar of GRAMMARS) if (!refractor.registered(grammar.displayName)) refractor.register(grammar);
  return {
    highlight(language, code) {
      // Prism's language table also holds helpers (`extend`, `insertBefore`): only grammars count.
      if (!refractor.registered(language) || typeof refractor.languages[language] !== 'object') return null;
      const tokens: HighlightToken[] = [];
      tokensOf(refractor.highlight(code, language).children, [], { at: 0 }, tokens);
      return tokens;
    },
  };
}
