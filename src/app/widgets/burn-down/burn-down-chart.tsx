import type { CycleDay } from '../../../api-shapes/cycle-progress.js';
import { useStyles } from '../../ui/styles.js';
import { formatDay } from '../../ui/dates.js';
import { burnDownCss } from './burn-down.css.js';
import { burnDownLines, type ChartPoint } from './geometry.js';
import { issueCount } from '../../ui/counts.js';

/** Props of {@link BurnDownChart}. */
export interface BurnDownChartProps {
  /** Each day from the start to the last day known (the server's today or the end), oldest first; at least one. */
  days: readonly CycleDay[];
  /** The cycle's first and last day ('YYYY-MM-DD'): the chart's left and right edges. */
  start: string;
  end: string;
}

// The plot's own units; the SVG stretches them to its box, strokes keep their width.
const WIDTH = 600;
const HEIGHT = 160;


/** One sentence telling what the chart shows: where the last day stands, and how the scope moved. */
export function burnDownSummary(days: readonly CycleDay[]): string {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const scope =
    first.scope === last.scope
      ? `the scope stayed at ${issueCount(last.scope)} since ${formatDay(first.date)}`
      : `the scope went from ${issueCount(first.scope)} on ${formatDay(first.date)} to ${issueCount(last.scope)}`;
  return `Burn-down: on ${formatDay(last.date)}, ${last.scope - last.completed} of ${issueCount(last.scope)} remaining (${last.completed} completed); ${scope}.`;
}

/** A line through the points; a lone point is drawn as a dot (a zero-length line with round caps). */
function pathOf(points: readonly ChartPoint[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  const line = rest.length ? rest : [first];
  return `M${first.x},${first.y} ${line.map((p) => `L${p.x},${p.y}`).join(' ')}`;
}

/**
 * A cycle's burn-down: its scope (issues in it) and the issues still to complete, day by day, drawn
 * in SVG. Assistive technology reads it as one image with a summary, and gets every day's
 * numbers from a visually hidden table.
 */
export function BurnDownChart({ days, start, end }: BurnDownChartProps) {
  useStyles('burn-down', burnDownCss);
  const lines = burnDownLines(days, start, end, WIDTH, HEIGHT);
  const gridLines = [0.25, 0.5, 0.75].map((share) => HEIGHT * share);
  return (
    <div className="bd-root">
      <ul className="bd-legend" aria-hidden="true">
        <li>
          <span className="bd-key" />
          Scope
        </li>
        <li>
          <span className="bd-key bd-key-remaining" />
          Remaining
        </li>
      </ul>
      <div className="bd-plot">
        <div className="bd-scale" aria-hidden="true">
          <span>{lines.top}</span>
          <span>0</span>
        </div>
        <svg className="bd-svg" role="img" aria-label={burnDownSummary(days)} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none">
          {gridLines.map((y) => (
            <line key={y} className="bd-grid" x1={0} x2={WIDTH} y1={y} y2={y} vectorEffect="non-scaling-stroke" />
          ))}
          <path className="bd-scope" d={pathOf(lines.scope)} vectorEffect="non-scaling-stroke" strokeLinecap="round" strokeLinejoin="round" />
          <path className="bd-remaining" d={pathOf(lines.remaining)} vectorEffect="non-scaling-stroke" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <div className="bd-axis" aria-hidden="true">
        <span>{formatDay(start)}</span>
        <span>{formatDay(end)}</span>
      </div>
      {/* Hidden by a wrapper: a table's own box does not shrink to the hiding rule's 1px. */}
      <div className="app-visually-hidden">
        <table>
          <caption>Issues per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Scope</th>
              <th scope="col">Remaining</th>
              <th scope="col">Completed</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{day.scope}</td>
                <td>{day.scope - day.completed}</td>
                <td>{day.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
