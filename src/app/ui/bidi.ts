/** LEFT-TO-RIGHT, RIGHT-TO-LEFT and FIRST STRONG ISOLATE, and POP DIRECTIONAL ISOLATE (UAX #9). */
const ISOLATE_OPENERS = '\u2066\u2067\u2068';
const POP_ISOLATE = '\u2069';

/**
 * Text someone typed (a name, a title, a label) inside a sentence of ours is laid out on its own,
 * as `<bdi>` does: a right-to-left name does not reorder the words around it, and a direction
 * override in it (U+202E, which would show the rest of the sentence backwards) ends with it.
 * For strings (toasts, confirmations, titles): FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE.
 * A pop in the text that closes nothing it opened is left out: it would end our isolate early.
 * In JSX, wrap the value in `<bdi>` instead.
 */
export function isolated(text: string): string {
  let open = 0;
  let kept = '';
  for (const character of text) {
    if (ISOLATE_OPENERS.includes(character)) open++;
    else if (character === POP_ISOLATE) {
      if (!open) continue;
      open--;
    }
    kept += character;
  }
  return `\u2068${kept}${POP_ISOLATE}`;
}
