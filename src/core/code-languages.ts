/**
 * The code languages the editor knows: the code block's picker offers them, the
 * highlighter has grammars for them, and pasted code keeps its language when it is one
 * of them (other apps name languages their own way: VS Code's `typescriptreact`,
 * GitHub's `source.js`, a fence's `sh`).
 */

import { ENGLISH } from './strings.js';

/** The language that needs no highlighter (the schema's default). */
export const PLAIN_LANGUAGE = 'plaintext';

/** The known languages, as [id, label], in the picker's order. */
export const CODE_LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  [PLAIN_LANGUAGE, ENGLISH['code.plaintext']],
  ['bash', 'Bash'],
  ['c', 'C'],
  ['cpp', 'C++'],
  ['csharp', 'C#'],
  ['css', 'CSS'],
  ['diff', 'Diff'],
  ['go', 'Go'],
  ['html', 'HTML'],
  ['java', 'Java'],
  ['javascript', 'JavaScript'],
  ['json', 'JSON'],
  ['kotlin', 'Kotlin'],
  ['markdown', 'Markdown'],
  ['php', 'PHP'],
  ['python', 'Python'],
  ['ruby', 'Ruby'],
  ['rust', 'Rust'],
  ['shell', 'Shell'],
  ['sql', 'SQL'],
  ['swift', 'Swift'],
  ['typescript', 'TypeScript'],
  ['yaml', 'YAML'],
];

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
