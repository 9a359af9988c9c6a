import { InputRule, inputRules } from 'prosemirror-inputrules';
import type { MarkType, Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import { schemaInputRules } from '../extensions/collect.js';
import { featureOn, type Features } from '../features.js';
import { typographyRules } from './typography.js';

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

/** Every markdown shortcut and typography rule of the editor, for the types the schema has and the features that are on. */
export function editorInputRules(schema: Schema, features?: Features): Plugin {
  const { marks } = schema;
  const typography = featureOn(features, 'typography') ? typographyRules() : [];
  if (!featureOn(features, 'markdownShortcuts')) return inputRules({ rules: typography });
  const rules: Array<InputRule | null | false | undefined> = [
    // The nodes' own shortcuts (`# `, `> `, `- `, `1. `, `[ ] `, a fence, `---`): each node's definition holds its rules.
    ...schemaInputRules(schema, features),
    marks.bold && markRule(/(?:^|[^*])(\*\*([^*\s](?:[^*]*[^*\s])?)\*\*)$/, marks.bold),
    marks.italic && markRule(/(?:^|[^*])(\*([^*\s](?:[^*]*[^*\s])?)\*)$/, marks.italic),
    marks.strike && markRule(/(?:^|[^~])(~~([^~\s](?:[^~]*[^~\s])?)~~)$/, marks.strike),
    marks.code && markRule(/(?:^|[^`])(`([^`]+)`)$/, marks.code),
  ];
  return inputRules({ rules: [...rules.filter((rule): rule is InputRule => !!rule), ...typography] });
}
