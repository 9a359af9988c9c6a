/**
 * Whether two lists of extensions say the same: equal data, and functions that are one function
 * or the same code. React writing `extensions={[{ ...card, nodeView: reactNodeView(Card) }]}`
 * inline gives a new list of new objects at every render (every keystroke of a controlled
 * editor); taken as new extensions, each render would rebuild the editor's view, and the caret
 * and what undo takes back would go with it. A function's code is compared, not the values it
 * closes over: a change behind the same code must show in the list's data (docs/extensions.md).
 */
export function sameExtensions(a: readonly unknown[], b: readonly unknown[]): boolean {
  return same(a, b, 0);
}

/** Deeper than any extension's data: a list that goes on (or loops) is taken as different. */
const MAX_DEPTH = 24;

function same(a: unknown, b: unknown, depth: number): boolean {
  if (Object.is(a, b)) return true;
  if (depth > MAX_DEPTH || typeof a !== typeof b || a === null || b === null) return false;
  if (typeof a === 'function') return sameCode(a as Code, b as Code) && sameFields(a, b as object, depth);
  if (typeof a !== 'object') return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i], depth + 1));
  // Class instances (a plugin, a regular expression, a schema) are the same only as one object.
  return plain(a) && plain(b as object) && sameFields(a, b as object, depth);
}

function plain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The same own keys (strings and symbols) with the same values. */
function sameFields(a: object, b: object, depth: number): boolean {
  const keys = ownFields(a);
  const other = ownFields(b);
  return keys.length === other.length && keys.every((key) => other.includes(key) && same((a as Record<PropertyKey, unknown>)[key], (b as Record<PropertyKey, unknown>)[key], depth + 1));
}

function ownFields(value: object): PropertyKey[] {
  return Reflect.ownKeys(value).filter((key) => Object.prototype.propertyIsEnumerable.call(value, key));
}

/** Whether two functions are the same code (a bound or built-in function shows none: only itself is the same). */
type Code = (...args: never[]) => unknown;

function sameCode(a: Code, b: Code): boolean {
  const code = Function.prototype.toString.call(a);
  return !/\{\s*\[native code\]\s*\}$/.test(code) && code === Function.prototype.toString.call(b);
}
