/**
 * Text someone typed (a name, a title, a label) inside a sentence of ours is laid out on its own,
 * as `<bdi>` does: a right-to-left name does not reorder the words around it, and a direction
 * override in it (U+202E, which would show the rest of the sentence backwards) ends with it.
 * For strings (toasts, confirmations, titles): FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE
 * (UAX #9). In JSX, wrap the value in `<bdi>` instead.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
