import { COMMON_PASSWORD_LIST } from './common-passwords.js';

/** The shortest password accepted (the sign-up form says the same). */
export const MIN_PASSWORD_LENGTH = 8;

/** The longest password accepted. */
export const MAX_PASSWORD_LENGTH = 256;

/** The refusal of a password from the common-password list. */
export const COMMON_PASSWORD_MESSAGE = 'Password is too common. Choose one that is harder to guess.';

/** The refusal of one character repeated ("aaaaaaaa"). */
export const REPEATED_PASSWORD_MESSAGE = 'Password must not be one character repeated.';

/** The common-password list (lower case), for lookups. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORD_LIST.split('\n'));

/**
 * Why a new password (already within the length limits) is refused, or null when it is
 * accepted: one character repeated, or a common password whatever its case.
 */
export function passwordProblem(password: string): string | null {
  const characters = [...password.normalize('NFKC')];
  if (characters.length > 0 && characters.every((character) => character === characters[0])) return REPEATED_PASSWORD_MESSAGE;
  if (COMMON_PASSWORDS.has(password.normalize('NFKC').toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  return null;
}
