/** The message for a colour that is not a hex code. */
export const INVALID_HEX_MESSAGE = 'Enter a valid hex code of 6 characters';

/** A colour field's longest value: "#" and six hex digits. */
export const HEX_MAX_LENGTH = 7;

/** Trims a colour and adds the leading # when it is missing ("3f76ff" becomes "#3f76ff"); an empty value stays empty. */
export function normaliseHex(value: string): string {
  const trimmed = value.trim();
  return trimmed && !trimmed.startsWith('#') ? `#${trimmed}` : trimmed;
}

/** Whether a colour is a # followed by a 3- or 6-digit hex value (the # must already be there: see normaliseHex). */
export function validateHex(value: string): boolean {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

/** The six-digit form a native colour input needs ("#abc" becomes "#aabbcc"), or null for an invalid colour. */
export function toSixDigitHex(value: string): string | null {
  const hex = normaliseHex(value);
  if (!validateHex(hex)) return null;
  const digits = hex.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}
