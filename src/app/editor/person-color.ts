/**
 * The app's colours for people editing together (their caret, its name label, the ring of their
 * avatar): dark enough for the label's white text to be read (at least 4.5:1, WCAG 1.4.3).
 */
export const PERSON_COLORS = ['#c2410c', '#1d4ed8', '#15803d', '#9333ea', '#0e7490', '#be123c', '#6d28d9', '#a16207'] as const;

/** A person's colour, picked from their id: the same for everyone, in every editor and tab. */
export function personColor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PERSON_COLORS[hash % PERSON_COLORS.length]!;
}
