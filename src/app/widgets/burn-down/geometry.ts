import type { CycleDay } from '../../../api-shapes/cycle-progress.js';
import { DAY_MS } from '../../../api-shapes/durations.js';

/** One point of a line, in the chart's own units (0…width, 0…height, y downwards). */
export interface ChartPoint {
  x: number;
  y: number;
}

/** The chart's lines and scale. */
export interface BurnDownLines {
  scope: ChartPoint[];
  /** The issues not yet completed (scope less completed): the line that burns down. */
  remaining: ChartPoint[];
  /** The most issues any day had: the top of the scale (at least 1). */
  top: number;
}

/** How many calendar days from `start` to `end` ('YYYY-MM-DD'), both counted; at least 1. */
export function daysBetween(start: string, end: string): number {
  const span = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Math.max(1, Math.round(span / DAY_MS) + 1);
}

/**
 * The scope and remaining lines of a burn-down `width` × `height` wide: the cycle's whole range
 * (`start` to `end`) runs left to right, so the days still to come stay empty; 0 issues is the
 * bottom, the largest scope the top.
 */
export function burnDownLines(days: readonly CycleDay[], start: string, end: string, width: number, height: number): BurnDownLines {
  const span = daysBetween(start, end);
  const top = Math.max(1, ...days.map((day) => day.scope));
  const x = (date: string) => (span === 1 ? 0 : ((daysBetween(start, date) - 1) / (span - 1)) * width);
  const y = (issues: number) => height - (issues / top) * height;
  const round = (value: number) => Math.round(value * 10) / 10;
  const point = (date: string, issues: number) => ({ x: round(x(date)), y: round(y(issues)) });
  return {
    scope: days.map((day) => point(day.date, day.scope)),
    remaining: days.map((day) => point(day.date, day.scope - day.completed)),
    top,
  };
}
