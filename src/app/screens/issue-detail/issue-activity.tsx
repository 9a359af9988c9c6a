import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import { Spinner } from '../../ui/spinner.js';
import { ActivityFeed } from '../../widgets/activity-feed/index.js';

/** An issue's activity feed, oldest first (refreshed whenever the issue's data is). */
export function IssueActivity({ slug, projectId, issueId }: { slug: string; projectId: string; issueId: string }) {
  const api = useApi();
  const activities = useQuery({
    queryKey: [...queryKeys.issue(slug, projectId, issueId), 'activities'],
    queryFn: () => api.activities.list(slug, projectId, issueId),
  });
  return (
    <section className="app-issue-section" aria-labelledby="issue-activity-heading">
      <h2 id="issue-activity-heading">Activity</h2>
      {activities.isPending ? (
        <Spinner label="Loading activity…" />
      ) : activities.isError ? (
        <p role="alert">{activities.error.message}</p>
      ) : (
        <ActivityFeed activities={activities.data} />
      )}
    </section>
  );
}
