import type { JSONNode } from '../../core/serialize/json.js';
import { schema } from '../../core/schema/index.js';
import type { RichText, RichTextInput, RichTextPool } from '../rich-text/index.js';

/** Whether a (normalised) document shows nothing: no text beyond white space, no image, rule, mention or other atom. */
function isBlank(node: JSONNode): boolean {
  if (node.type === 'text') return !node.text?.trim();
  const type = schema.nodes[node.type];
  if (type?.isLeaf) return node.type === 'hard_break';
  return (node.content ?? []).every(isBlank);
}

/**
 * Rich text from a client, cleaned in the app's rich-text worker pool (only what the editor
 * could have produced is kept, sanitised), with whether it shows anything. Every route that
 * stores client rich text comes through here, before its transaction (cleaning a long
 * document takes a while; no lock should be held meanwhile). Over a size or element limit: 413
 * naming `what`; a document that cannot be read at all (nesting too deep…): 400.
 */
export async function normalisedRichText(pool: RichTextPool, input: RichTextInput, what: string): Promise<RichText & { blank: boolean }> {
  const richText = await pool.normalise(input, what);
  return { ...richText, blank: isBlank(richText.json) };
}
