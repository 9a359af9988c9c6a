import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import type { MarkType, NodeType, Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import { findWrapping } from 'prosemirror-transform';
import { featureOn, type Features } from '../features.js';
import { safeLanguage } from '../url.js';
import { typographyRules } from './typography.js';

/** Opening a code fence: three backticks or tildes, an optional language, then a space. */
export const CODE_FENCE = /^(?:```|~~~)([\w+#.-]*)\s$/;

/** `**text**`-style shortcuts: wraps the text between the delimiters in a mark. */
function markRule(pattern: RegExp, type: MarkType): InputRule {
  return new InputRule(
    pattern,
    (state, match, start, end) => {
      const [full, inner] = [match[1], match[2]];
      const from = start + match[0].lastIndexOf(full);
      const $from = state.doc.resolve(from);
      if (!$from.parent.type.allowsMarkType(type)) return null;
      const tr = state.tr.replaceWith(from, end, state.schema.text(inner, type.create().addToSet($from.marks())));
      tr.removeStoredMark(type);
      return tr;
    },
    { inCodeMark: false },
  );
}

/** `[ ] ` or `[x] ` at the start of a paragraph: a to-do list (checked for `x`). */
function taskListRule(list: NodeType): InputRule {
  return new InputRule(/^\s*\[([ xX]?)\]\s$/, (state, match, start, end) => {
    const tr = state.tr.delete(start, end);
    const $start = tr.doc.resolve(start);
    const range = $start.blockRange();
    const wrapping = range && findWrapping(range, list);
    if (!range || !wrapping) return null;
    wrapping[wrapping.length - 1] = { type: list.contentMatch.defaultType!, attrs: { checked: match[1].toLowerCase() === 'x' } };
    return tr.wrap(range, wrapping);
  });
}

/** The horizontal rule shortcut: `---` or `___` alone in a paragraph (`—-` once typography turned `--` into a dash). */
function ruleRule(rule: NodeType, paragraph: NodeType): InputRule {
  return new InputRule(/^(?:---|—-|___)$/, (state, _match, start, end) => {
    const $start = state.doc.resolve(start);
    if ($start.parent.type !== paragraph) return null;
    const blockStart = $start.before();
    return state.tr.replaceWith(blockStart, end + 1, [rule.create(), paragraph.create()]).scrollIntoView();
  });
}

/** Every markdown shortcut and typography rule of the editor, for the types the schema has and the features that are on. */
export function editorInputRules(schema: Schema, features?: Features): Plugin {
  const { nodes, marks } = schema;
  const typography = featureOn(features, 'typography') ? typographyRules() : [];
  if (!featureOn(features, 'markdownShortcuts')) return inputRules({ rules: typography });
  const tasks = featureOn(features, 'taskLists');
  const rules: Array<InputRule | null | false | undefined> = [
    nodes.heading && textblockTypeInputRule(/^(#{1,3})\s$/, nodes.heading, (match) => ({ level: match[1].length })),
    nodes.blockquote && wrappingInputRule(/^\s*>\s$/, nodes.blockquote),
    nodes.bullet_list && wrappingInputRule(/^\s*([-+*])\s$/, nodes.bullet_list),
    nodes.ordered_list &&
      wrappingInputRule(
        /^(\d+)\.\s$/,
        nodes.ordered_list,
        (match) => ({ start: Number(match[1]) }),
        (match, node) => node.childCount + (node.attrs.start as number) === Number(match[1]),
      ),
    tasks && nodes.task_list && taskListRule(nodes.task_list),
    nodes.code_block && textblockTypeInputRule(CODE_FENCE, nodes.code_block, (match) => ({ language: safeLanguage(match[1] || 'plaintext') })),
    nodes.horizontal_rule && nodes.paragraph && ruleRule(nodes.horizontal_rule, nodes.paragraph),
    marks.bold && markRule(/(?:^|[^*])(\*\*([^*\s](?:[^*]*[^*\s])?)\*\*)$/, marks.bold),
    marks.italic && markRule(/(?:^|[^*])(\*([^*\s](?:[^*]*[^*\s])?)\*)$/, marks.italic),
    marks.strike && markRule(/(?:^|[^~])(~~([^~\s](?:[^~]*[^~\s])?)~~)$/, marks.strike),
    marks.code && markRule(/(?:^|[^`])(`([^`]+)`)$/, marks.code),
  ];
  return inputRules({ rules: [...rules.filter((rule): rule is InputRule => !!rule), ...typography] });
}
