import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clock } from '../../core/index.js';
import { useApi } from '../api/api-context.js';
import { useCurrentUser } from '../session/session.js';
import type { LiveEvent } from '../api/live.js';
import type { Favorite } from '../api/favorites.js';
import { projectWorkflowKeys, queryKeys } from '../api/query-keys.js';

/**
 * How long changes told by the live stream are gathered before what shows them is asked again
 * (milliseconds): a bulk change of fifty issues is fifty events, and one refresh of each list.
 */
export const LIVE_REFRESH_MS = 250;

/** What shows a change told by the live stream to reader `me`, as React Query key prefixes. */
export function liveQueryKeys(slug: string, event: LiveEvent, me?: string): QueryKey[] {
  const project = event.project_id;
  // The reader's own membership (a project joined or left, another role there or in the workspace):
  // whatever of the workspace they see depends on what they may open (the sidebar, their role, the
  // activity, the issue tabs and profiles, analytics, views, notifications…), so all of it is asked
  // again; only the queries shown are fetched at once, the rest when next shown.
  if (event.event === 'member' && me && event.id === me) return [queryKeys.workspace(slug)];
  // Someone joined, changed role or left: the members screens and pickers, and the invitations still pending.
  if (event.event === 'member') return project ? [queryKeys.projectMembers(slug, project)] : [queryKeys.members(slug), queryKeys.invitations(slug)];
  if (!project) return [];
  switch (event.event) {
    case 'issue':
      // The project's lists and every issue's page in it (relations and sub-issues show others),
      // the workspace's issue tabs, the cycles' and modules' progress, the inbox, analytics, the
      // workspace's activity, and the unread count (an assignment may have told the reader).
      return [
        queryKeys.issues(slug, project),
        queryKeys.workspaceIssueTabs(slug),
        queryKeys.activity(slug),
        queryKeys.planning(slug, project, 'cycles'),
        queryKeys.planning(slug, project, 'modules'),
        queryKeys.intake(slug, project),
        queryKeys.analytics(slug),
        queryKeys.unreadCount(slug),
      ];
    case 'comment':
      return event.issue_id ? [queryKeys.issue(slug, project, event.issue_id), queryKeys.activity(slug), queryKeys.unreadCount(slug)] : [];
    case 'cycle':
      return [queryKeys.planning(slug, project, 'cycles')];
    case 'module':
      return [queryKeys.planning(slug, project, 'modules')];
    case 'page':
      // The lists, and the project's open pages (a title renamed there).
      return [queryKeys.planning(slug, project, 'pages'), queryKeys.page(slug, project)];
    case 'label':
    case 'state':
      return projectWorkflowKeys(slug, project);
    case 'notification':
      // The reader was told of something (the stream sends it to them alone): the inbox and its count.
      return [queryKeys.notifications(slug)];
  }
}

/**
 * Shows others' changes without a reload while a workspace's screens are open (`enabled`): the
 * workspace's live stream (api.live) tells what changed, and what shows it is asked again,
 * changes gathered for LIVE_REFRESH_MS on the SDK's clock (tests move a fake one). Changes that
 * may have been missed (the stream reopened, the tab shown again) refresh everything of the
 * workspace, as does a change of the reader's own membership. Only a shown tab holds a stream.
 */
export function useLiveUpdates(slug: string, enabled: boolean): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data?.id;
  useEffect(() => {
    if (!enabled || !api.live.available) return;
    const pending = new Map<string, QueryKey>();
    /** Deleted issues' own queries: asked again they would only answer 404 (the lists show the deletion). */
    const gone: QueryKey[] = [];
    const under = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => part === key[i]);
    let timer: unknown = null;
    const refresh = () => {
      timer = null;
      // Shortest first; a key under one kept already is refreshed with it (asked twice, the first answer would be thrown away).
      const kept: QueryKey[] = [];
      for (const key of [...pending.values()].sort((a, b) => a.length - b.length)) {
        if (!kept.some((prefix) => under(key, prefix))) kept.push(key);
      }
      pending.clear();
      const current = ({ queryKey }: { queryKey: QueryKey }) => !gone.some((prefix) => under(queryKey, prefix));
      for (const queryKey of kept) void queryClient.invalidateQueries({ queryKey, predicate: current });
    };
    const gather = (keys: QueryKey[]) => {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      if (timer === null && pending.size) timer = clock.setTimeout(refresh, LIVE_REFRESH_MS);
    };
    const missed = () => gather([queryKeys.workspace(slug)]);
    const change = (event: LiveEvent) => {
      if (event.event === 'issue' && event.action === 'deleted' && event.project_id && event.id) gone.push(queryKeys.issue(slug, event.project_id, event.id));
      gather(liveQueryKeys(slug, event, me));
      // The sidebar shows each favorite's name: its list is asked again when what one keeps changed.
      const favorites = queryClient.getQueryData<Favorite[]>(queryKeys.favorites(slug));
      if (event.id && favorites?.some((favorite) => favorite.entity_id === event.id)) gather([queryKeys.favorites(slug)]);
    };
    const open = () => api.live.open(slug, { change, missed });
    // A hidden tab holds no stream: a browser opens at most six connections to a server (HTTP/1.1)
    // for all its tabs, and tabs of the app left open would take them all. Shown again, the tab
    // opens it anew and refreshes what it shows (changes were not heard meanwhile).
    let close = document.visibilityState === 'hidden' ? null : open();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        close?.();
        close = null;
      } else if (!close) {
        close = open();
        missed();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close?.();
      if (timer !== null) clock.clearTimeout(timer);
    };
  }, [api, queryClient, slug, enabled, me]);
}
