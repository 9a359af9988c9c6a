import { InputRule, inputRules } from 'prosemirror-inputrules';
import type { MarkType, Schema } from 'prosemirror-model';
import type { Plugin } from 'prosemirror-state';
import { schemaInputRules } from '../extensions/collect.js';
import { featureOn, type Features } from '../features.js';
import { hrefForText } from './link.js';
import { typographyRules } from './typography.js';

/**
 * `**text**`-style shortcuts: takes the delimiters out and puts the mark on what was between
 * them, which keeps whatever it holds (a link, a mention, a line break) as it was. The closing
 * delimiter's last character is the key being typed, not yet in the document.
 */
function markRule(pattern: RegExp, type: MarkType): InputRule {
  return new InputRule(
    pattern,
    (state, match, start, end) => {
      // The first group holds the whole span, a later one what is between its delimiters (patterns may offer several delimiters).
      const full = match[1];
      const inner = match.slice(2).find((group) => group !== undefined)!;
      const from = start + match[0].lastIndexOf(full);
      if (!state.doc.resolve(from).parent.type.allowsMarkType(type)) return null;
      const delimiter = (full.length - inner.length) / 2;
      const innerEnd = end - (delimiter - 1);
      const tr = state.tr.delete(innerEnd, end).delete(from, from + delimiter);
      tr.addMark(from, innerEnd - delimiter, type.create());
      tr.removeStoredMark(type);
      return tr;
    },
    { inCodeMark: false },
  );
}

/**
 * `[text](address)`: the text linked to the address, as Markdown writes a link, when the address
 * is one a link may have (`http(s)://…` or `www.…`); anything else stays as typed. An image's
 * `![alt](src)` and an escaped `\[` are left alone.
 */
function linkRule(type: MarkType): InputRule {
  return new InputRule(
    /(?:^|[^!\\])(\[([^[\]\n]+)\]\(([^()\s]+)\))$/,
    (state, match, start, end) => {
      const href = hrefForText(match[3]);
      const from = start + match[0].lastIndexOf(match[1]);
      if (!href || !state.doc.resolve(from).parent.type.allowsMarkType(type)) return null;
      // The closing bracket of the address is the key being typed, not yet in the document.
      const textEnd = from + 1 + match[2].length;
      const tr = state.tr.delete(textEnd, end).delete(from, from + 1);
      tr.addMark(from, textEnd - 1, type.create({ href }));
      // What is typed next has the marks the closing bracket would have had (not the link text's).
      return tr.setStoredMarks(type.removeFromSet(state.storedMarks ?? state.doc.resolve(end).marks()));
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
    // Bold, italic and strike open only at a word's start (after white space or an opening
    // bracket or quote): `2*3*4`, `src/*/index*` and `a**b**c` stay as typed.
    // Underscores too, as in Markdown: `snake_case_names` stay as typed, as an underscore inside a word opens nothing.
    marks.bold && markRule(/(?:^|[\s([{"'“‘])(\*\*([^*\s](?:[^*]*[^*\s])?)\*\*|__([^_\s](?:[^_]*[^_\s])?)__)$/, marks.bold),
    marks.italic && markRule(/(?:^|[\s([{"'“‘])(\*([^*\s](?:[^*]*[^*\s])?)\*|_([^_\s](?:[^_]*[^_\s])?)_)$/, marks.italic),
    marks.strike && markRule(/(?:^|[\s([{"'“‘])(~~([^~\s](?:[^~]*[^~\s])?)~~)$/, marks.strike),
    marks.code && markRule(/(?:^|[^`])(`([^`]+)`)$/, marks.code),
    marks.link && linkRule(marks.link),
  ];
  return inputRules({ rules: [...rules.filter((rule): rule is InputRule => !!rule), ...typography] });
}
