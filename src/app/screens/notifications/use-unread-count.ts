import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clock } from '../../../core/index.js';
import { useApi } from '../../api/api-context.js';
import type { UnreadCount } from '../../api/notifications.js';
import { queryKeys } from '../../api/query-keys.js';

/**
 * How often the sidebar asks for the unread count while the page is shown. Each ask carries the
 * last ETag, so an unchanged count costs the server one indexed count and the network a 304.
 */
export const UNREAD_POLL_MS = 15_000;

/**
 * The unread notifications of workspace `slug` (undefined until known), kept current without a
 * reload: asked again every UNREAD_POLL_MS on the SDK's clock (tests move a fake one), at once
 * when the page becomes visible again, and whenever a change of the user's own invalidates it.
 * A count that changed also refreshes the notification lists, so an open list shows the news.
 */
export function useUnreadCount(slug: string): number | undefined {
  const api = useApi();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.unreadCount(slug);
  const count = useQuery({
    queryKey,
    queryFn: async (): Promise<UnreadCount> => {
      const held = queryClient.getQueryData<UnreadCount>(queryKey);
      const answer = await api.notifications.unreadCount(slug, held?.etag ?? null);
      if (!answer) return held!;
      if (held && held.etag !== answer.etag) void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(slug), exact: false, predicate: (query) => query.queryKey[3] !== 'unread-count' });
      return answer;
    },
  });

  useEffect(() => {
    const key = queryKeys.unreadCount(slug);
    const ask = () => void queryClient.refetchQueries({ queryKey: key, exact: true });
    let timer: unknown;
    const schedule = () => {
      timer = clock.setTimeout(() => {
        if (document.visibilityState !== 'hidden') ask();
        schedule();
      }, UNREAD_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') ask();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clock.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [slug, queryClient]);

  return count.data?.unread;
}
