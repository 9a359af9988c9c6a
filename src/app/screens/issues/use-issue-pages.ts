import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { IssuePage } from '../../api/issues.js';
import type { ListedIssue } from '../../api/types.js';

/** Issues fetched per page. */
export const ISSUE_PAGE_SIZE = 50;

/** How an issue list is read, beyond its key and pages. */
export interface IssuePagesOptions {
  /** False holds the list back (nothing is fetched). */
  enabled?: boolean;
  /**
   * The key of the list this one refines: when the key changes to another under it (other
   * filters, order or search of the same list), the last answer stays shown until the new one
   * comes (`query.isPlaceholderData`), instead of the list giving way to a spinner at each change.
   */
  refines?: QueryKey;
}

/** Whether `key` is `list`'s key or one under it. */
const isUnder = (key: QueryKey, list: QueryKey) => list.every((part, index) => key[index] === part);

/** An issue list read page by page: the issues so far, the total, and loading the next page. */
export function useIssuePages<T extends ListedIssue>(queryKey: QueryKey, fetchPage: (offset: number) => Promise<IssuePage<T>>, { enabled = true, refines }: IssuePagesOptions = {}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.issues.length, 0);
      return loaded < last.total && last.issues.length > 0 ? loaded : undefined;
    },
    enabled,
    placeholderData: (previous, previousQuery) => (refines && previousQuery && isUnder(previousQuery.queryKey, refines) ? previous : undefined),
  });
  const issues: T[] = query.data?.pages.flatMap((page) => page.issues) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, issues, total };
}
