// Checking a property over a corpus of random documents (test/helpers/random-doc.ts): the
// round-trip files share it, and a failure names the seed that rebuilds its document.
import type { Node as PMNode } from 'prosemirror-model';
import type { RandomDocOptions } from '../../helpers/random-doc.js';

/** The path and values of the first difference between two JSON values, or null. */
function firstDifference(actual: unknown, expected: unknown, path = '$'): string | null {
  if (Object.is(actual, expected)) return null;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) {
    return `${path}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
  }
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  for (const key of keys) {
    const found = firstDifference((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

export function expectSameDoc(actual: PMNode, expected: PMNode): void {
  if (actual.eq(expected)) return;
  const where = firstDifference(actual.toJSON(), expected.toJSON()) ?? `same JSON, different nodes: ${actual.toString()}`;
  throw new Error(`documents differ at ${where}`);
}

/** Checks `property` on every document of `docs`, naming the seed of the first failure. */
export function forAll(docs: ReadonlyArray<{ seed: number; doc: PMNode }>, options: RandomDocOptions, property: (doc: PMNode) => void): void {
  for (const { seed, doc } of docs) {
    try {
      property(doc);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Property failed for seed ${seed}: randomDoc(mulberry32(${seed}), ${JSON.stringify(options)})\n${message}\n` +
          `Document: ${JSON.stringify(doc.toJSON())}`,
      );
    }
  }
}

/** Every node of every document in `docs`, with its parent. */
export function everyNode(docs: ReadonlyArray<{ doc: PMNode }>, visit: (node: PMNode, parent: PMNode | null) => void): void {
  for (const { doc } of docs) {
    visit(doc, null);
    doc.descendants((node, _pos, parent) => visit(node, parent));
  }
}

export function isDefault(value: unknown, fallback: unknown): boolean {
  return JSON.stringify(value) === JSON.stringify(fallback);
}
