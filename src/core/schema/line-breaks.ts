import { Fragment, type Mark, type Node as PMNode, type NodeType, type Schema } from 'prosemirror-model';

/**
 * Text as inline content for a text block that is not code: each line break (`\n`, `\r\n`,
 * `\r`) becomes the schema's line break node (the hard break), or a space where there is none or
 * `parent` (a block type) takes none. A `\n` left in such a block's text shows as a new line on
 * screen (`white-space: pre-wrap`), but HTML holds it as white space: read back, the line is gone.
 */
export function textWithBreaks(schema: Schema, text: string, marks?: readonly Mark[], parent?: NodeType): PMNode[] {
  let lineBreak = schema.linebreakReplacement;
  if (lineBreak && parent && !parent.validContent(Fragment.from(lineBreak.create()))) lineBreak = null;
  return text.split(/\r\n?|\n/).flatMap((line, i) => [...(i ? [lineBreak ? lineBreak.create(null, null, marks) : schema.text(' ', marks)] : []), ...(line ? [schema.text(line, marks)] : [])]);
}
