import type { JSONNode } from '../../core/serialize/json.js';
import { schema } from '../../core/schema/index.js';
import type { FastifyRequest } from 'fastify';
import { currentUser, currentWorkspace } from '../http/context.js';
import type { RichText, RichTextInput } from '../rich-text/index.js';

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
 * naming `what`; a document that cannot be read at all (nesting too deep…): 400; the request's
 * user or workspace with too many documents pending in the pool: 429.
 */
export async function normalisedRichText(request: FastifyRequest, input: RichTextInput, what: string): Promise<RichText & { blank: boolean }> {
  const owner = { workspace: currentWorkspace(request).id, user: currentUser(request).id };
  const richText = await request.server.richText.normalise(input, what, owner);
  return { ...richText, blank: isBlank(richText.json) };
}
