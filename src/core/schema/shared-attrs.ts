import type { Attrs, Mark, MarkType, NodeType, Schema } from 'prosemirror-model';

/** Distinct attribute objects kept per type for sharing; types with unique values (a link's href) stop there. */
const MAX_SHARED_PER_TYPE = 64;
/** Longer keys (long URLs, labels) are not worth a cache entry. */
const MAX_KEY_LENGTH = 96;
/** Distinct short strings kept for sharing across all attributes. */
const MAX_SHARED_STRINGS = 2048;
const MAX_STRING_LENGTH = 48;

const strings = new Map<string, string>();

/** One instance per distinct short string ("_blank", "noopener noreferrer nofollow", "plaintext"). */
function shareString(value: string): string {
  if (value.length > MAX_STRING_LENGTH) return value;
  const known = strings.get(value);
  if (known !== undefined) return known;
  if (strings.size < MAX_SHARED_STRINGS) strings.set(value, value);
  return value;
}

/** A key for attribute values of one type (its attributes always come in the same order). */
function keyOf(built: Attrs): string | null {
  let key = '';
  for (const name in built) {
    const value = built[name];
    if (value === null || typeof value !== 'object') key += `${typeof value}:${String(value)}\u0000`;
    else key += `${JSON.stringify(value)}\u0000`;
    if (key.length > MAX_KEY_LENGTH) return null;
  }
  return key;
}

/**
 * Returns attribute objects shared between equal values, or a compact copy.
 *
 * ProseMirror builds every node's and mark's attributes as a fresh `Object.create(null)`,
 * which V8 keeps in dictionary mode: about 130 bytes even for `{ level: 2 }`, plus a
 * separate copy of each string read from the DOM. A 10,000-block document holds thousands
 * of identical ones (heading levels, task states, link targets and rels, code languages).
 * Attribute objects are never mutated (ProseMirror, prosemirror-tables and our commands
 * copy them to change a value), so equal ones can be one object.
 */
function sharer(): (built: Attrs) => Attrs {
  const shared = new Map<string, Attrs>();
  return (built) => {
    const key = keyOf(built);
    const known = key === null ? undefined : shared.get(key);
    if (known) return known;
    // A plain object stays in V8's fast mode (properties in the object, not a hash table).
    const compact: Record<string, unknown> = {};
    for (const name in built) {
      const value = built[name];
      compact[name] = typeof value === 'string' ? shareString(value) : value;
    }
    if (key !== null && shared.size < MAX_SHARED_PER_TYPE) shared.set(key, compact);
    return compact;
  };
}

interface ComputesAttrs {
  computeAttrs(attrs: Attrs | null | undefined): Attrs;
  defaultAttrs: Attrs | null;
}

/** Makes the schema's node and mark types share equal attribute objects (see `sharer`). */
export function shareAttrs(schema: Schema): Schema {
  for (const type of Object.values(schema.nodes) as (NodeType & ComputesAttrs)[]) {
    if (!Object.keys(type.spec.attrs ?? {}).length) continue;
    const compute = type.computeAttrs.bind(type);
    const share = sharer();
    // With no attributes given, ProseMirror hands out the type's one default object.
    type.computeAttrs = (attrs) => (!attrs && type.defaultAttrs ? type.defaultAttrs : share(compute(attrs)));
  }
  for (const type of Object.values(schema.marks) as MarkType[]) {
    if (!Object.keys(type.spec.attrs ?? {}).length) continue;
    const create = type.create.bind(type);
    const share = sharer();
    type.create = (attrs) => {
      const mark = create(attrs) as Mark & { attrs: Attrs };
      if (attrs) mark.attrs = share(mark.attrs);
      return mark;
    };
  }
  return schema;
}
