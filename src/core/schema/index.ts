import { Schema } from 'prosemirror-model';
import { marks } from './marks.js';
import { nodes } from './nodes.js';

export { nodes, type SafeNodeSpec } from './nodes.js';
export { marks, type SafeMarkSpec } from './marks.js';
export { attrSpecs, cleanAttrs, hasRequiredAttrs, LINK_REL, type AttrDef, type AttrDefs, type Cleaner } from './attrs.js';

/** The node type names of the editor's schema. */
export type NodeName = keyof typeof nodes;

/** The editor's schema: the spec's nodes and marks, every attribute validated. */
export const schema = new Schema({ nodes, marks });
