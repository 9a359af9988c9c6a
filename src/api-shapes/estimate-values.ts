// Plain data and pure functions, no imports: the app loads this module at run time (the
// project settings check a list of values before sending it, with the server's words).

/**
 * How a project estimates its issues: `points`, numbers that add up (1, 2, 3, 5, 8, 13), or
 * `categories`, sizes that do not (XS, S, M, L, XL). Cycles and modules sum points; they count
 * categories per category, since a size is an order, not a quantity.
 */
export const ESTIMATE_TYPES = ['points', 'categories'] as const;

/** One of the estimate types. */
export type EstimateType = (typeof ESTIMATE_TYPES)[number];

/** The values a project starts from when it turns estimates on (or changes type) without its own. */
export const DEFAULT_ESTIMATE_VALUES: Readonly<Record<EstimateType, readonly string[]>> = {
  points: ['1', '2', '3', '5', '8', '13'],
  categories: ['XS', 'S', 'M', 'L', 'XL'],
};

/** The fewest values an estimate system has. */
export const MIN_ESTIMATE_VALUES = 2;

/** The most values an estimate system has. */
export const MAX_ESTIMATE_VALUES = 12;

/** The longest value (a category's name). */
export const ESTIMATE_VALUE_MAX_LENGTH = 20;

/** A point value: a number from 0 to 9999, with at most two decimals (0.5, 1, 13). */
const POINT_PATTERN = /^\d{1,4}(\.\d{1,2})?$/;

/** The refusal of an estimate while the project's estimates are off. */
export const ESTIMATES_OFF = 'Estimates are turned off in this project. A project admin can turn them on in the project settings.';

/**
 * Why `values` (each trimmed already) cannot be the values of an estimate system of `type`, or
 * null when they can: 2 to 12 values, none empty or longer than 20 characters, no value twice
 * (case aside; for points, as a number), and each a number for points.
 */
export function estimateValuesProblem(type: EstimateType, values: readonly string[]): string | null {
  if (values.length < MIN_ESTIMATE_VALUES || values.length > MAX_ESTIMATE_VALUES) {
    return `An estimate system has ${MIN_ESTIMATE_VALUES} to ${MAX_ESTIMATE_VALUES} values.`;
  }
  if (values.some((value) => value === '')) return 'Estimate values cannot be empty.';
  const long = values.find((value) => value.length > ESTIMATE_VALUE_MAX_LENGTH);
  if (long !== undefined) return `Estimate values cannot be longer than ${ESTIMATE_VALUE_MAX_LENGTH} characters.`;
  const seen = new Set<string>();
  for (const value of values) {
    // Points are numbers: 1, 1.0 and 01 are one value.
    const key = type === 'points' && POINT_PATTERN.test(value) ? String(Number(value)) : value.toLowerCase();
    if (seen.has(key)) return `Each estimate value must be different: “${value}” is there twice.`;
    seen.add(key);
  }
  if (type === 'points') {
    const notNumber = values.find((value) => !POINT_PATTERN.test(value));
    if (notNumber !== undefined) return `Points must be numbers from 0 to 9999, such as 1, 2, 3, 5, 8 or 13: “${notNumber}” is not one.`;
  }
  return null;
}
