import { useId, type ReactNode } from 'react';
import { countsByStateGroup } from '../../../api-shapes/state-groups.js';
import type { PlanningKindName, PlanningTypes } from '../../api/planning.js';
import type { CycleDetail, EstimateTotals, ModuleDetail } from '../../api/types.js';
import { ProgressBreakdown, type Distribution } from '../../widgets/progress-breakdown/index.js';
import { dateRange, type PlanningKind } from './planning-kinds.js';

/** The breakdown widget's distribution for a cycle or module: the server's assignees and labels, and its counts by state group. */
export function breakdownOf(item: CycleDetail | ModuleDetail): Distribution {
  return { assignees: item.distribution.assignees, labels: item.distribution.labels, states: countsByStateGroup(item) };
}

const pointsFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** A group's points as its facts and card say them ("3 of 8 points done"); null unless the project estimates in points. */
export function pointsDone(totals: EstimateTotals): string | null {
  if (totals.total_estimate === null || totals.completed_estimate === null) return null;
  return `${pointsFormat.format(totals.completed_estimate)} of ${pointsFormat.format(totals.total_estimate)} ${totals.total_estimate === 1 ? 'point' : 'points'} done`;
}

/** A cycle's or module's estimate: its points done, or each category's issues done ("M: 1 of 2 done"); nothing while estimates are off. */
function EstimateFacts({ totals }: { totals: EstimateTotals }) {
  const points = pointsDone(totals);
  if (points) {
    return (
      <>
        <dt>Estimate</dt>
        <dd>{points}</dd>
      </>
    );
  }
  if (!totals.estimate_categories.length) return null;
  return (
    <>
      <dt>Estimates</dt>
      <dd>
        <ul className="app-estimate-counts" aria-label="Issues by estimate">
          {totals.estimate_categories.map((category) => (
            <li key={category.value}>
              {category.value}: {category.completed_issues} of {category.total_issues} done
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/** A cycle's or module's status by its name ("In Progress"). */
export function statusName<K extends PlanningKindName>(kind: PlanningKind<K>, item: PlanningTypes[K]['item']): string {
  return kind.statusNames[item.status as keyof PlanningKind<K>['statusNames']];
}

/**
 * A cycle's or module's facts: its status by name (or the control that changes it, made by
 * `statusControl` with the id its label names), its dates in the app's date format, how many of
 * its issues are done, and its estimate.
 */
export function PlanningFacts<K extends PlanningKindName>({ item, kind, statusControl }: { item: PlanningTypes[K]['detail']; kind: PlanningKind<K>; statusControl?: (id: string) => ReactNode }) {
  const statusId = useId();
  return (
    <dl className="app-facts">
      <dt>{statusControl ? <label htmlFor={statusId}>Status</label> : 'Status'}</dt>
      <dd>{statusControl ? statusControl(statusId) : statusName(kind, item)}</dd>
      <dt>Dates</dt>
      <dd>{dateRange(item.start_date, kind.end(item))}</dd>
      <dt>Issues</dt>
      <dd>
        {item.completed_issues} of {item.total_issues} done
      </dd>
      <EstimateFacts totals={item} />
    </dl>
  );
}

/** A cycle's or module's progress breakdown (by assignee, label and state group) under its heading. */
export function PlanningBreakdown({ item }: { item: CycleDetail | ModuleDetail }) {
  return (
    <>
      <h2>Progress</h2>
      <ProgressBreakdown distribution={breakdownOf(item)} />
    </>
  );
}
