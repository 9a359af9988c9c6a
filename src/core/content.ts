import type { Node as PMNode } from 'prosemirror-model';

/**
 * Whether a document (or any node) holds something a reader sees: some text or an atom
 * (an image, a mention, a rule). Empty paragraphs, headings and table cells do not
 * count, nor do line breaks alone (`<p><br></p>`, Shift+Enter in an empty editor). It
 * stops at the first text it meets, so a written document answers at once.
 */
export function hasContent(node: PMNode): boolean {
  if (node.isText) return true;
  if (node.isAtom) return !node.type.spec.linebreakReplacement;
  for (let i = 0; i < node.childCount; i++) if (hasContent(node.child(i))) return true;
  return false;
}
