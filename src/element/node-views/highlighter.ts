/**
 * The syntax highlighter itself: Prism's tokenizer with refractor's grammars (plain ES
 * modules, so browsers load them as they are), a handful of common languages, each
 * fetched when first needed. Only `highlight.ts` imports this module, and only through
 * `import()`, so it is a separate chunk fetched the first time a code block with a
 * language is shown.
 *
 * refractor's own entry (`refractor/core`) turns Prism's tokens into a hast syntax tree,
 * and for that evaluates hastscript, property-information and parse-entities: tables of
 * every HTML and SVG attribute, about 0.2 MiB of heap that this module never needs (it
 * flattens tokens into class ranges). So it takes Prism's core from refractor directly.
 * refractor does not export that file, hence the path; the library build copies it into
 * `dist/vendor/` (rollup.config.mjs), and a test checks the chunk holds no hastscript.
 */
import type { Syntax } from 'refractor/core';
import { Prism } from '../../../node_modules/refractor/lib/prism-core.js';
import type { HighlightToken, Highlighter } from './highlight.js';

/**
 * The grammars the editor highlights, each fetched (as its own chunk) the first time a
 * block in its language is shown: a document with JavaScript blocks compiles only the
 * JavaScript grammar's patterns. Registering is idempotent: the registry is
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

/** What Prism's tokenizer gives: text, tokens, or a list of both (a token's content nests the same way). */
type TokenStream = string | PrismToken | (string | PrismToken)[];
interface PrismToken {
  type: string;
  content: TokenStream;
  alias?: string | string[];
}

/**
 * Prism with the one method refractor's grammar modules call besides Prism's own
 * (`register`, for the grammars they build on). The grammars, the hooks some of them add
 * (markup's, PHP's templating) and this registry are shared by every editor on the page.
 */
const prism = Object.create(Prism) as typeof Prism & { register(syntax: Syntax): void };
prism.register = (syntax) => {
  if (!Object.hasOwn(prism.languages, syntax.displayName)) syntax(prism as never);
};
/** The registered grammars by name (Prism's table also holds helpers such as `extend`). */
const languages = prism.languages as unknown as Record<string, unknown>;

/** Grammars being fetched or fetched, by name: shared by the page's editors (it is fetched code). */
const fetching = new Map<string, Promise<void>>();

/** Fetches and registers the grammar `name` once. */
function fetchGrammar(name: string): Promise<void> {
  let promise = fetching.get(name);
  if (!promise) {
    promise = GRAMMARS[name]!().then(({ default: grammar }) => prism.register(grammar));
    fetching.set(name, promise);
  }
  return promise;
}

/**
 * Flattens Prism's token stream into class ranges over the code's text: a token's
 * classes are `token`, its type and its aliases, as in Prism's own markup; nested
 * tokens add theirs to their parents'.
 */
function tokensOf(stream: TokenStream, classes: readonly string[], offset: { at: number }, out: HighlightToken[]): void {
  for (const item of Array.isArray(stream) ? stream : [stream]) {
    if (typeof item === 'string') {
      const from = offset.at;
      offset.at += item.length;
      if (classes.length && item.length) out.push({ from, to: offset.at, className: [...new Set(classes)].join(' ') });
    } else {
      const aliases = item.alias === undefined ? [] : Array.isArray(item.alias) ? item.alias : [item.alias];
      tokensOf(embedded(item, aliases) ?? item.content, [...classes, 'token', item.type, ...aliases], offset, out);
    }
  }
}

/**
 * A fenced code block inside Markdown, tokenized in its own language when that grammar is
 * here. Prism's Markdown grammar does this in its `wrap` hook, which builds markup and so
 * is not run here; its `after-tokenize` hook has already named the language as an alias.
 */
function embedded(token: PrismToken, aliases: readonly string[]): TokenStream | null {
  if (token.type !== 'code-block' || typeof token.content !== 'string') return null;
  const language = aliases.find((alias) => alias.startsWith('language-'))?.slice('language-'.length);
  return language && Object.hasOwn(languages, language) && typeof languages[language] === 'object' ? tokenize(token.content, language) : null;
}

/** The tokens of `code` as Prism's `highlight()` makes them (with the hooks it runs), without its markup. */
function tokenize(code: string, language: string): TokenStream {
  const env: { code: string; grammar: unknown; language: string; tokens?: unknown } = { code, grammar: languages[language], language };
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code, env.grammar as never);
  prism.hooks.run('after-tokenize', env);
  return env.tokens as TokenStream;
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
      if (Object.hasOwn(languages, language) && typeof languages[language] === 'object') {
        const tokens: HighlightToken[] = [];
        tokensOf(tokenize(code, language), [], { at: 0 }, tokens);
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
