import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import { ShowMoreButton } from '../../ui/button.js';
import { LoadFailed } from '../../ui/load-failed.js';
import { Spinner } from '../../ui/spinner.js';
import { useNow } from '../../ui/today.js';
import { ActivityFeed } from '../../widgets/activity-feed/index.js';

/** The workspace's activity (everyone's, or `actor`'s), newest first, read `pageSize` rows at a time, each page after the last row of the one before. */
export function useWorkspaceActivity(slug: string, { actor, pageSize }: { actor?: string; pageSize: number }) {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.activity(slug, actor), pageSize],
    queryFn: ({ pageParam }) => api.workspaceActivity.list(slug, { actor, before: pageParam ?? undefined, limit: pageSize }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
  return { query, activities: query.data?.pages.flatMap((page) => page.activities) ?? [] };
}

/** Props of {@link WorkspaceActivity}. */
export interface WorkspaceActivityProps {
  slug: string;
  /** Only this person's activity (a profile); everyone's when absent (the dashboard). */
  actor?: string;
  /** Rows read per page. */
  pageSize: number;
  /** The feed's accessible name. */
  label: string;
  /** What shows when there is no activity at all. */
  empty: ReactNode;
  /** The words of the button that reads the next page. */
  more: string;
}

/**
 * The activity of the workspace's issues the user can open, in the activity feed (each sentence
 * naming and linking its issue), newest first, with more on demand: loading, the server's error
 * with a way to try again, or `empty` when nothing happened yet.
 */
export function WorkspaceActivity({ slug, actor, pageSize, label, empty, more }: WorkspaceActivityProps) {
  const { query, activities } = useWorkspaceActivity(slug, { actor, pageSize });
  const now = useNow();
  if (query.isPending) return <Spinner label="Loading activity…" />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  if (!activities.length) return <>{empty}</>;
  return (
    <>
      <ActivityFeed activities={activities} showIssue now={now} label={label} />
      <ShowMoreButton pages={query}>{more}</ShowMoreButton>
    </>
  );
}
