import { InputRule } from 'prosemirror-inputrules';

/**
 * The spec's typography replacements, as [pattern, replacement] pairs. Each pattern
 * ends at the caret; the first group, when present, is what gets replaced.
 */
const REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/--$/, '—'],
  [/->$/, '→'],
  [/<-$/, '←'],
  [/\.\.\.$/, '…'],
  [/\(c\)$/i, '©'],
  [/\(tm\)$/i, '™'],
  [/\(r\)$/i, '®'],
  [/(?:^|[^\d/])(1\/2)$/, '½'],
  [/(?:^|[^\d/])(1\/4)$/, '¼'],
  [/(?:^|[^\d/])(3\/4)$/, '¾'],
  [/\+\/-$/, '±'],
  [/!=$/, '≠'],
  [/<<$/, '«'],
  [/>>$/, '»'],
  [/\d ?(x) ?\d$/, '×'],
  [/\^2$/, '²'],
  [/\^3$/, '³'],
];

/** Input rules for the spec's typography; none fire inside a code block or code mark. */
export function typographyRules(): InputRule[] {
  return REPLACEMENTS.map(
    ([pattern, replacement]) =>
      new InputRule(
        pattern,
        (state, match, start, end) => {
          // With a group, only the group is replaced: the context before it and the
          // text after it (the typed character among it) stay as typed.
          const group = match[1];
          const offset = group === undefined ? 0 : match[0].lastIndexOf(group);
          const after = group === undefined ? '' : match[0].slice(offset + group.length);
          const from = start + offset;
          const marks = state.doc.resolve(from).marks();
          return state.tr.replaceWith(from, end, state.schema.text(replacement + after, marks));
        },
        { inCode: false, inCodeMark: false },
      ),
  );
}
