import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { PRIORITIES } from '../../../api-shapes/issue-priority.js';
import { countsByStateGroup } from '../../../api-shapes/state-groups.js';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { MemberSummary } from '../../api/types.js';
import { EmptyState } from '../../empty-states/index.js';
import { LoadFailed } from '../../ui/load-failed.js';
import { Spinner } from '../../ui/spinner.js';
import { ProgressBars, stateRows, type ProgressRow } from '../../widgets/progress-breakdown/index.js';
import { PRIORITY_LABELS } from '../issues/issue-icons.js';

/** The assigned issues by priority as bars, each out of all of them, most pressing first. */
function priorityRows(summary: MemberSummary): ProgressRow[] {
  return PRIORITIES.map((priority) => ({ key: priority, name: PRIORITY_LABELS.get(priority)!, done: summary.priorities[priority], total: summary.assigned_issues }));
}

/** A heading and its bars. */
function Breakdown({ title, rows }: { title: string; rows: ProgressRow[] }) {
  const id = useId();
  return (
    <section className="app-profile-breakdown" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ProgressBars rows={rows} empty="No issues assigned." label={title} />
    </section>
  );
}

/**
 * A person's issues in numbers, among those the viewer can open: how many are assigned to them,
 * created and subscribed to by them, and the assigned ones by state group and by priority, in
 * the progress breakdown's bars. The tab's empty state when they have none (`limited`: the reader
 * opens only some projects, so none may mean none there).
 */
export function ProfileSummary({ slug, userId, role, limited }: { slug: string; userId: string; role: number | undefined; limited: boolean }) {
  const api = useApi();
  const summary = useQuery({ queryKey: queryKeys.memberSummary(slug, userId), queryFn: () => api.workspaces.memberSummary(slug, userId) });
  if (summary.isPending) return <Spinner label="Loading the summary…" />;
  if (summary.isError) return <LoadFailed error={summary.error} retry={() => void summary.refetch()} />;
  const data = summary.data;
  if (data.assigned_issues + data.created_issues + data.subscribed_issues === 0) return <EmptyState type="profile-summary" role={role} limited={limited} />;
  const assigned = data.assigned_issues > 0;
  return (
    <>
      <dl className="app-analytics-totals">
        <div>
          <dt>Assigned</dt>
          <dd>{data.assigned_issues}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{data.states.completed_issues}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{data.created_issues}</dd>
        </div>
        <div>
          <dt>Subscribed</dt>
          <dd>{data.subscribed_issues}</dd>
        </div>
      </dl>
      <div className="app-profile-breakdowns">
        <Breakdown title="Assigned issues by state" rows={assigned ? stateRows(countsByStateGroup(data.states)) : []} />
        <Breakdown title="Assigned issues by priority" rows={assigned ? priorityRows(data) : []} />
      </div>
    </>
  );
}
