import type { MarkType, NodeType, Schema } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';

/**
 * A value derived from a schema, computed once per schema and kept as long as the
 * schema lives (as prosemirror-tables caches its table node types). Core code finds
 * node and mark types through the state's schema this way, never through a
 * module-level schema, so a host's schema works with our commands.
 */
export function perSchema<T>(derive: (schema: Schema) => T): (schema: Schema) => T {
  const cache = new WeakMap<Schema, T>();
  return (schema) => {
    if (cache.has(schema)) return cache.get(schema)!;
    const value = derive(schema);
    cache.set(schema, value);
    return value;
  };
}

/** A command made from the node type of this name in the state's schema (once per schema); false where the schema lacks it. */
export function withNodeType(name: string, make: (type: NodeType) => Command): Command {
  const commandFor = perSchema((schema) => (schema.nodes[name] ? make(schema.nodes[name]) : null));
  return (state, dispatch, view) => commandFor(state.schema)?.(state, dispatch, view) ?? false;
}

/** A command made from the mark type of this name in the state's schema (once per schema); false where the schema lacks it. */
export function withMarkType(name: string, make: (type: MarkType) => Command): Command {
  const commandFor = perSchema((schema) => (schema.marks[name] ? make(schema.marks[name]) : null));
  return (state, dispatch, view) => commandFor(state.schema)?.(state, dispatch, view) ?? false;
}
