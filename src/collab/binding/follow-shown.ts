/**
 * Keeping the binding's mapping (shared types to the editor's nodes) on the nodes the view shows
 * after a colleague's change, which the view applies as the narrowest step.
 */
import type { Node as PMNode } from 'prosemirror-model';
import * as Y from 'yjs';
import type { Mapping, SharedType } from './encoding.js';

/**
 * Points the mapping at the nodes the view shows for `type` (`shown`) where it held those read
 * (`read`, equal to them): the view applies a change as the narrowest step, which builds the
 * changed block and its ancestors anew. A block the mapping did not know as the view's would not
 * be recognised when the editor moves it next (update.ts writes a move only for known blocks),
 * and the move would be written as each block between taking its neighbour's content, carrying a
 * colleague's typing there into the wrong block.
 */
export function followShown(type: Y.XmlFragment, read: PMNode, shown: PMNode, mapping: Mapping): void {
  if (read === shown) return;
  if (mapping.get(type) === read) mapping.set(type, shown);
  // The children built anew, by the read one, with their index (the two have the same structure).
  const changed = new Map<PMNode, number>();
  for (let i = 0; i < read.childCount; i++) if (read.child(i) !== shown.child(i)) changed.set(read.child(i), i);
  for (let item = type._start; item && changed.size; item = item.right) {
    if (item.deleted || !(item.content instanceof Y.ContentType)) continue;
    const child = item.content.type as SharedType;
    const known = mapping.get(child);
    if (Array.isArray(known)) {
      const first = known.findIndex((node) => changed.has(node));
      if (first < 0) continue;
      const start = changed.get(known[first]!)! - first;
      mapping.set(child, known.map((_, i) => shown.child(start + i)));
      for (const node of known) changed.delete(node);
    } else if (known && changed.has(known) && child instanceof Y.XmlElement) {
      followShown(child, known, shown.child(changed.get(known)!), mapping);
      changed.delete(known);
    }
  }
}
