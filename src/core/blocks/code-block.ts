/**
 * The code block: plain text in a language, highlighted by the element.
 * `codeBlock.configure({ languages: ['typescript', 'sql'] })` offers fewer languages in its picker.
 */
import { exitCode } from 'prosemirror-commands';
import type { Node as PMNode } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { textblockTypeRule, toggleCodeBlock } from '../commands/blocks.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';
import { longestRun } from '../serialize/markdown-inline.js';
import { safeLanguage } from '../url.js';
import { CODE_LANGUAGES, PLAIN_LANGUAGE } from '../code-languages.js';

/** Opening a code fence: three backticks or tildes, an optional language, then a space. */
export const CODE_FENCE = /^(?:```|~~~)([\w+#.-]*)\s$/;

/**
 * Where the lines of the selection's code block start that the selection touches, last first: the
 * caret's line, or each line from the selection's start to its end (or the block's, when the
 * selection goes on past it); a line the selection only reaches the start of is not touched.
 */
function touchedLineStarts(state: EditorState): number[] {
  const { $from, to } = state.selection;
  const text = $from.parent.textContent;
  const end = Math.min(to, $from.end()) - $from.start();
  const starts = [text.slice(0, $from.parentOffset).lastIndexOf('\n') + 1];
  for (let at = text.indexOf('\n', starts[0]); at !== -1 && at + 1 < end; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts.map((offset) => $from.start() + offset).reverse();
}

/** Tab in a code block inserts a tab character at the caret, or indents the selected lines by one (replacing none of them). */
export const codeBlockTab: Command = (state, dispatch) => {
  if (!state.selection.$from.parent.type.spec.code) return false;
  if (dispatch) {
    const tr = state.tr;
    if (state.selection.empty) tr.insertText('\t');
    else for (const at of touchedLineStarts(state)) tr.insertText('\t', at);
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/** Shift-Tab in a code block removes one tab or up to two spaces at the start of the caret's line, or of each selected line. */
export const codeBlockUntab: Command = (state, dispatch) => {
  const { $from } = state.selection;
  if (!$from.parent.type.spec.code) return false;
  const tr = state.tr;
  for (const at of touchedLineStarts(state)) {
    const indent = /^(\t| {1,2})/.exec(state.doc.textBetween(at, Math.min(at + 2, $from.end())));
    if (indent) tr.delete(at, at + indent[1].length);
  }
  if (dispatch && tr.docChanged) dispatch(tr.scrollIntoView());
  return true;
};

/** Enter at the end of a paragraph that holds only a code fence (```ts) opens a code block. */
export const fenceOnEnter: Command = (state, dispatch) => {
  const { paragraph, code_block: codeBlock } = state.schema.nodes;
  const { $from, empty } = state.selection;
  if (!paragraph || !codeBlock || !empty || $from.parent.type !== paragraph || $from.parentOffset !== $from.parent.content.size) return false;
  const match = /^(?:```|~~~)([\w+#.-]*)$/.exec($from.parent.textContent);
  if (!match) return false;
  const range = $from.blockRange();
  if (!range || !range.parent.canReplaceWith(range.startIndex, range.endIndex, codeBlock)) return false;
  if (dispatch) {
    const tr = state.tr.delete($from.start(), $from.end());
    tr.setBlockType($from.start(), $from.start(), codeBlock, { language: safeLanguage(match[1] || 'plaintext') });
    dispatch(tr.scrollIntoView());
  }
  return true;
};

function codeBlockLines(node: PMNode): string[] {
  const text = node.textContent;
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  const language = node.attrs.language as string;
  const body = text ? text.split(/\r\n?|\n/) : [];
  return [language === 'plaintext' ? fence : fence + language, ...body, fence];
}

/** The language a `<pre>` names: its own data attribute, or a `language-*` class (highlight.js, Prism, GitHub). */
function codeLanguage(dom: HTMLElement): string | undefined {
  const own = dom.getAttribute('data-language');
  if (own) return own;
  const code = dom.querySelector('code');
  const cls = (code?.getAttribute('class') ?? dom.getAttribute('class') ?? '').match(/(?:^|\s)language-(\S+)/);
  return cls ? cls[1] : undefined;
}

/** Options of the code block. */
export interface CodeBlockOptions {
  /**
   * The languages its picker offers, by id (`typescript`), or as `[id, label]` for one the
   * editor does not know (it is then not highlighted). Plain text is always offered first; a
   * block in another language keeps it and shows it too. All the known ones by default.
   */
  languages?: ReadonlyArray<string | readonly [string, string]>;
}

/** The code block's definition, which can be made again with other options. */
export interface CodeBlockDefinition extends NodeDefinition {
  /** The options it was made with: the picker's languages as [id, label]. */
  readonly options: { readonly languages: ReadonlyArray<readonly [string, string]> };
  /** The code block with these options. */
  configure(options: CodeBlockOptions): CodeBlockDefinition;
}

/** The picker's languages for `languages`: known ids with their labels, plain text first. */
function pickerLanguages(languages: CodeBlockOptions['languages']): ReadonlyArray<readonly [string, string]> {
  if (!languages) return CODE_LANGUAGES;
  const chosen = languages.map((entry): readonly [string, string] => {
    if (typeof entry !== 'string') return [safeLanguage(entry[0]), String(entry[1])];
    const known = CODE_LANGUAGES.find(([id]) => id === entry);
    if (!known) throw new RangeError(`"${entry}" is not a language the editor knows (${CODE_LANGUAGES.map(([id]) => id).join(', ')}); give [id, label] for another`);
    return known;
  });
  return [CODE_LANGUAGES[0], ...chosen.filter(([id]) => id !== PLAIN_LANGUAGE)];
}

/** The code block offering `options.languages` in its picker. */
export function codeBlockBlock(options: CodeBlockOptions = {}): CodeBlockDefinition {
  const languages = pickerLanguages(options.languages);
  return { ...CODE_BLOCK, options: { languages }, configure: (next) => codeBlockBlock({ languages, ...next }) };
}

const CODE_BLOCK: NodeDefinition = {
  name: 'code_block',
  content: 'text*',
  marks: '',
  group: 'block',
  code: true,
  defining: true,
  // The place beside a code block is not in its code: the gap cursor may stand there.
  spec: { createGapCursor: true },
  attrs: { language: { type: 'language' } },
  parseDOM: [{ tag: 'pre', preserveWhitespace: 'full', getAttrs: (dom) => ({ language: codeLanguage(dom) }) }],
  rendersFromAttrs: true,
  toDOM: (node) => {
    const language = node.attrs.language as string;
    return ['pre', { 'data-language': language }, ['code', { class: `language-${language}` }, 0]];
  },
  markdown: {
    serialize: codeBlockLines,
    parse: {
      code_block: { block: 'code_block', noCloseToken: true },
      fence: { block: 'code_block', noCloseToken: true, getAttrs: (token) => ({ language: token.info.trim().split(/\s+/)[0] || undefined }) },
    },
  },
  [BUILTIN_MENUS]: 'code_block',
  inputRules: (type) => [textblockTypeRule(CODE_FENCE, type, (match) => ({ language: safeLanguage(match[1] || 'plaintext') }))],
  keys: () => ({
    'Mod-Alt-c': toggleCodeBlock,
    Enter: fenceOnEnter,
    Tab: codeBlockTab,
    'Shift-Tab': codeBlockUntab,
    'Mod-Enter': exitCode,
  }),
  commands: { toggle: () => toggleCodeBlock },
  styles: `
    .content > .code-block:not(.re-active) {
      contain-intrinsic-size: auto 8em;
    }
    .content pre {
      white-space: pre;
      overflow-x: auto;
      background: var(--_code-bg);
      border-radius: var(--_radius);
      padding: 0.75em 1em;
      margin: 0.5em 0;
      tab-size: 4;
    }
    .content pre code {
      background: none;
      padding: 0;
      font-size: 0.875em;
    }`,
};

/** The code block as the editor has it: every known language. */
export const codeBlock: CodeBlockDefinition = codeBlockBlock();
