/**
 * The code languages the editor knows: the code block's picker offers them, the
 * highlighter has grammars for them, and pasted code keeps its language when it is one
 * of them (code-language-names.ts reads other apps' names for them).
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
