import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { IssuePage } from '../../api/issues.js';
import type { ListedIssue } from '../../api/types.js';

/** Issues fetched per page. */
export const ISSUE_PAGE_SIZE = 50;

/** An issue list read page by page: the issues so far, the total, and loading the next page. */
export function useIssuePages<T extends ListedIssue>(queryKey: QueryKey, fetchPage: (offset: number) => Promise<IssuePage<T>>, enabled = true) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.issues.length, 0);
      return loaded < last.total && last.issues.length > 0 ? loaded : undefined;
    },
    enabled,
  });
  const issues: T[] = query.data?.pages.flatMap((page) => page.issues) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, issues, total };
}
