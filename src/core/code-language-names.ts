/**
 * Other apps' names for the code languages the editor knows (VS Code's `typescriptreact`,
 * GitHub's `source.js`, a fence's `sh`), read when code is pasted; apart from the languages
 * themselves so that the names load with the paste pipeline.
 */
import { CODE_LANGUAGES, PLAIN_LANGUAGE } from './code-languages.js';

/** Other apps' names for the known languages (VS Code's language ids, file extensions, fence names). */
const ALIASES: Readonly<Record<string, string>> = {
  text: PLAIN_LANGUAGE,
  plain: PLAIN_LANGUAGE,
  sh: 'shell',
  zsh: 'shell',
  console: 'shell',
  shellscript: 'shell',
  shellsession: 'shell',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  javascriptreact: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  typescriptreact: 'typescript',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  rs: 'rust',
  golang: 'go',
  kt: 'kotlin',
  cs: 'csharp',
  'c#': 'csharp',
  'c++': 'cpp',
  jsonc: 'json',
  yml: 'yaml',
  md: 'markdown',
  htm: 'html',
  xml: 'html',
  patch: 'diff',
  postgres: 'sql',
  pgsql: 'sql',
  mysql: 'sql',
};

const KNOWN: ReadonlySet<string> = new Set(CODE_LANGUAGES.map(([id]) => id));

/** The known language another app's name stands for, or null when the editor does not know it. */
export function knownLanguage(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const id = name.trim().toLowerCase();
  if (KNOWN.has(id)) return id;
  return ALIASES[id] ?? null;
}
