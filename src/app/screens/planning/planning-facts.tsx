import { countsByStateGroup } from '../../../api-shapes/state-groups.js';
import type { CycleDetail, ModuleDetail } from '../../api/types.js';
import { ProgressBreakdown, type Distribution } from '../../widgets/progress-breakdown/index.js';

/** The breakdown widget's distribution for a cycle or module: the server's assignees and labels, and its counts by state group. */
export function breakdownOf(item: CycleDetail | ModuleDetail): Distribution {
  return { assignees: item.distribution.assignees, labels: item.distribution.labels, states: countsByStateGroup(item) };
}

/** A cycle's or module's facts (status, dates, issues done) and its progress breakdown. */
export function PlanningFacts({ item, end }: { item: CycleDetail | ModuleDetail; end: string | null }) {
  return (
    <>
      <dl className="app-facts">
        <dt>Status</dt>
        <dd>{item.status.replace(/-/g, ' ')}</dd>
        <dt>Dates</dt>
        <dd>{item.start_date && end ? `${item.start_date} to ${end}` : 'Not scheduled'}</dd>
        <dt>Issues</dt>
        <dd>
          {item.completed_issues} of {item.total_issues} done
        </dd>
      </dl>
      <h2>Progress</h2>
      <ProgressBreakdown distribution={breakdownOf(item)} />
    </>
  );
}
