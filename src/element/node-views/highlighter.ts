/**
 * The syntax highlighter itself: refractor (Prism grammars producing a syntax tree,
 * never markup strings; plain ES modules, so browsers load it as it is) with a
 * handful of common languages, each fetched when first needed. Only `highlight.ts`
 * imports this module, and only through `import()`, so it is a separate chunk fetched
 * the first time a code block with a language is shown.
 */
import { refractor, type Syntax } from 'refractor/core';
import type { HighlightToken, Highlighter } from './highlight.js';

/**
 * The grammars the editor highlights, each fetched (as its own chunk) the first time a
 * block in its language is shown: a document with JavaScript blocks compiles only the
 * JavaScript grammar's patterns. Registering is idempotent: refractor's registry is
 * grammar data shared by every editor on the page, never editor state.
 */
const GRAMMARS: Record<string, () => Promise<{ default: Syntax }>> = {
  bash: () => import('refractor/bash'),
  c: () => import('refractor/c'),
  cpp: () => import('refractor/cpp'),
  csharp: () => import('refractor/csharp'),
  css: () => import('refractor/css'),
  diff: () => import('refractor/diff'),
  go: () => import('refractor/go'),
  java: () => import('refractor/java'),
  javascript: () => import('refractor/javascript'),
  json: () => import('refractor/json'),
  kotlin: () => import('refractor/kotlin'),
  markdown: () => import('refractor/markdown'),
  markup: () => import('refractor/markup'),
  php: () => import('refractor/php'),
  python: () => import('refractor/python'),
  ruby: () => import('refractor/ruby'),
  rust: () => import('refractor/rust'),
  sql: () => import('refractor/sql'),
  swift: () => import('refractor/swift'),
  typescript: () => import('refractor/typescript'),
  yaml: () => import('refractor/yaml'),
};

/** The grammars' other names (as each grammar module declares them). */
const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  cs: 'csharp',
  dotnet: 'csharp',
  js: 'javascript',
  webmanifest: 'json',
  kt: 'kotlin',
  kts: 'kotlin',
  md: 'markdown',
  atom: 'markup',
  html: 'markup',
  mathml: 'markup',
  rss: 'markup',
  ssml: 'markup',
  svg: 'markup',
  xml: 'markup',
  py: 'python',
  rb: 'ruby',
  ts: 'typescript',
  yml: 'yaml',
};

/** Grammars being fetched or fetched, by name: shared by the page's editors (it is fetched code). */
const fetching = new Map<string, Promise<void>>();

/** Fetches and registers the grammar `name` once. */
function fetchGrammar(name: string): Promise<void> {
  let promise = fetching.get(name);
  if (!promise) {
    promise = GRAMMARS[name]!().then(({ default: grammar }) => {
      if (!refractor.registered(grammar.displayName)) refractor.register(grammar);
    });
    fetching.set(name, promise);
  }
  return promise;
}

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

/**
 * Creates a highlighter. A language whose grammar is not here yet gives `null` and starts
 * fetching it; `onGrammar` is called once it has arrived, so the blocks waiting for it
 * can be highlighted. A grammar that fails to load leaves its blocks plain (`onError`).
 */
export function createHighlighter(onGrammar: () => void, onError: (error: unknown) => void): Highlighter {
  const asked = new Set<string>();
  return {
    highlight(language, code) {
      // Prism's language table also holds helpers (`extend`, `insertBefore`): only grammars count.
      if (refractor.registered(language) && typeof refractor.languages[language] === 'object') {
        const tokens: HighlightToken[] = [];
        tokensOf(refractor.highlight(code, language).children, [], { at: 0 }, tokens);
        return tokens;
      }
      const name = Object.hasOwn(GRAMMARS, language) ? language : Object.hasOwn(ALIASES, language) ? ALIASES[language]! : null;
      if (name && !asked.has(name)) {
        asked.add(name);
        fetchGrammar(name).then(onGrammar, onError);
      }
      return null;
    },
  };
}
