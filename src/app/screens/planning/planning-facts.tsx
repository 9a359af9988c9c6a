import { countsByStateGroup } from '../../../api-shapes/state-groups.js';
import type { PlanningKindName, PlanningTypes } from '../../api/planning.js';
import type { CycleDetail, ModuleDetail } from '../../api/types.js';
import { ProgressBreakdown, type Distribution } from '../../widgets/progress-breakdown/index.js';
import { dateRange, type PlanningKind } from './planning-kinds.js';

/** The breakdown widget's distribution for a cycle or module: the server's assignees and labels, and its counts by state group. */
export function breakdownOf(item: CycleDetail | ModuleDetail): Distribution {
  return { assignees: item.distribution.assignees, labels: item.distribution.labels, states: countsByStateGroup(item) };
}

/** A cycle's or module's status by its name ("In Progress"). */
export function statusName<K extends PlanningKindName>(kind: PlanningKind<K>, item: PlanningTypes[K]['item']): string {
  return kind.statusNames[item.status as keyof PlanningKind<K>['statusNames']];
}

/** A cycle's or module's facts: its status by name, its dates in the app's date format, and how many of its issues are done. */
export function PlanningFacts<K extends PlanningKindName>({ item, kind }: { item: PlanningTypes[K]['detail']; kind: PlanningKind<K> }) {
  return (
    <dl className="app-facts">
      <dt>Status</dt>
      <dd>{statusName(kind, item)}</dd>
      <dt>Dates</dt>
      <dd>{dateRange(item.start_date, kind.end(item))}</dd>
      <dt>Issues</dt>
      <dd>
        {item.completed_issues} of {item.total_issues} done
      </dd>
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
