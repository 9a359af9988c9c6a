/**
 * Names people type (an issue's title, a project, a label, a display name…), as the server keeps
 * them: trimmed, and without Unicode's direction embeddings, overrides and isolates (UAX #9:
 * U+202A-U+202E, U+2066-U+2069). A name is shown inside other text everywhere: in our app it is
 * isolated, but in an email, a webhook's receiver, an export or another API client an override
 * in a display name ("U+202E") would draw the rest of the line backwards. Direction marks
 * (U+200E, U+200F, U+061C) stay: they place punctuation in right-to-left names and reach no
 * further than the characters beside them.
 */
import { badRequest } from './errors.js';

/** The embeddings, overrides, their pop, and the isolates with theirs (a character class's ranges). */
export const DIRECTION_CONTROL_RANGES = '\\u202a-\\u202e\\u2066-\\u2069';
const DIRECTION_CONTROLS = new RegExp(`[${DIRECTION_CONTROL_RANGES}]`, 'g');

/** `raw` as a name is kept: direction controls removed, then trimmed ('' when nothing is left). */
export function cleanName(raw: string): string {
  return raw.replace(DIRECTION_CONTROLS, '').trim();
}

/** The cleaned name; 400 with `required` when nothing is left. */
export function requiredName(raw: string, required: string): string {
  const name = cleanName(raw);
  if (!name) throw badRequest(required);
  return name;
}
