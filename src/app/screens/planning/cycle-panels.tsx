import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { PRIORITIES } from '../../../api-shapes/issue-priority.js';
import { countsByStateGroup } from '../../../api-shapes/state-groups.js';
import { useApi } from '../../api/api-context.js';
import type { CycleDetail, CycleProgress } from '../../api/types.js';
import { EmptyState, type EmptyStateKey } from '../../empty-states/index.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { BurnDownChart } from '../../widgets/burn-down/index.js';
import { assigneeRows, labelRows, ProgressBars, stateRows, type ProgressRow } from '../../widgets/progress-breakdown/index.js';
import { PRIORITY_LABELS } from '../issues/issue-icons.js';
import { cyclePanelsCss } from './cycle-panels.css.js';

/** The query key of a cycle's progress (under the cycle's own key, so refreshing the cycle can refresh it). */
export const cycleProgressKey = (itemKey: QueryKey): QueryKey => [...itemKey, 'progress'];

interface CyclePanelsProps {
  slug: string;
  projectId: string;
  cycle: CycleDetail;
  /** The cycle's query key. */
  itemKey: QueryKey;
  /** The viewer's project role (the empty states' buttons). */
  role: number;
}

/** One panel: a card with its heading, showing its empty state from the catalogue when it has nothing to draw. */
function Panel({ title, empty, role, children }: { title: string; empty: EmptyStateKey | null; role: number; children: ReactNode }) {
  const id = useId();
  return (
    <section className="app-cycle-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {empty ? <EmptyState type={empty} role={role} headingLevel={3} /> : children}
    </section>
  );
}

/** The issues counted by priority as bars (each out of all issues); empty when no issue has a priority. */
function priorityRows(progress: CycleProgress, total: number): ProgressRow[] {
  if (PRIORITIES.every((priority) => priority === 'none' || progress.priorities[priority] === 0)) return [];
  return PRIORITIES.map((priority) => ({ key: priority, name: PRIORITY_LABELS.get(priority)!, done: progress.priorities[priority], total }));
}

/**
 * The current cycle's panels: its progress (issues done, by state group), its burn-down (scope
 * against completed issues by day, from the server's history), its issues by priority, and its
 * work per assignee and per label. Each panel has its own empty state.
 */
export function CyclePanels({ slug, projectId, cycle, itemKey, role }: CyclePanelsProps) {
  useStyles('app-cycle-panels', cyclePanelsCss);
  const api = useApi();
  const progress = useQuery({ queryKey: cycleProgressKey(itemKey), queryFn: () => api.planning.cycleProgress(slug, projectId, cycle.id) });
  const total = cycle.total_issues;
  const assignees = cycle.distribution.assignees.some((row) => row.assignee_id !== null) ? assigneeRows(cycle.distribution.assignees) : [];
  const labels = cycle.distribution.labels.some((row) => row.label_id !== null) ? labelRows(cycle.distribution.labels) : [];
  const fromServer = (draw: (data: CycleProgress) => ReactNode) =>
    progress.isPending ? <Spinner label="Loading the cycle's progress…" /> : progress.isError ? <p role="alert">{progress.error.message}</p> : draw(progress.data);
  const days = progress.data?.days ?? [];
  const priorities = progress.data ? priorityRows(progress.data, total) : [];

  return (
    <div className="app-cycle-panels">
      <Panel title="Progress" empty={total === 0 ? 'active-cycle-progress' : null} role={role}>
        <ProgressBars rows={[{ key: 'done', name: 'Issues done', done: cycle.completed_issues, total }]} empty="" label="Issues done" />
        <ProgressBars rows={stateRows(countsByStateGroup(cycle))} empty="" label="Issues by state group" />
      </Panel>
      <Panel title="Burn-down" empty={progress.isSuccess && days.every((day) => day.scope === 0) ? 'active-cycle-chart' : null} role={role}>
        {fromServer(() => (cycle.start_date && cycle.end_date ? <BurnDownChart days={days} start={cycle.start_date} end={cycle.end_date} /> : null))}
      </Panel>
      <Panel title="Priority" empty={progress.isSuccess && priorities.length === 0 ? 'active-cycle-priority' : null} role={role}>
        {fromServer(() => <ProgressBars rows={priorities} empty="" label="Issues by priority" />)}
      </Panel>
      <Panel title="Assignees" empty={assignees.length ? null : 'active-cycle-assignees'} role={role}>
        <ProgressBars rows={assignees} empty="" label="Issues done by assignee" />
      </Panel>
      <Panel title="Labels" empty={labels.length ? null : 'active-cycle-labels'} role={role}>
        <ProgressBars rows={labels} empty="" label="Issues done by label" />
      </Panel>
    </div>
  );
}
