import type { JSONNode } from '../../core/serialize/json.js';
import { schema } from '../../core/schema/index.js';
import { badRequest } from '../http/errors.js';
import { normaliseRichText, type RichText, type RichTextInput } from '../rich-text/index.js';

/** Whether a (normalised) document shows nothing: no text beyond white space, no image, rule, mention or other atom. */
function isBlank(node: JSONNode): boolean {
  if (node.type === 'text') return !node.text?.trim();
  const type = schema.nodes[node.type];
  if (type?.isLeaf) return node.type === 'hard_break';
  return (node.content ?? []).every(isBlank);
}

/**
 * Rich text from a client through normaliseRichText (only what the editor could have produced
 * is kept, sanitised), with whether it shows anything. A document that cannot be read at all
 * (nesting too deep…) is a 400 naming `what`.
 */
export function normalisedRichText(input: RichTextInput, what: string): RichText & { blank: boolean } {
  let richText: RichText;
  try {
    richText = normaliseRichText(input);
  } catch {
    throw badRequest(`The ${what} could not be read as a document.`);
  }
  return { ...richText, blank: isBlank(richText.json) };
}
