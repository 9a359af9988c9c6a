import type { NodeSpec } from 'prosemirror-model';
import { builtinNodeSpecs } from '../blocks/index.js';
import type { AttrDefs } from './attrs.js';

/**
 * A node spec whose attributes are declared with cleaners. `attrDefs` stays on the
 * spec (ProseMirror keeps unknown spec fields) so the JSON loader can clean values.
 */
export interface SafeNodeSpec extends NodeSpec {
  attrDefs?: AttrDefs;
}

/** Every node of the editor's document (spec section 3), in schema order, made from the definitions in src/core/blocks. */
export const nodes: Record<string, SafeNodeSpec> = builtinNodeSpecs();
