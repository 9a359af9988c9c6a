import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { IssueChanges, IssuePage } from '../../api/issues.js';
import type { IssueRow, Priority, State } from '../../api/types.js';
import { useNotify } from '../../ui/toasts.js';

/**
 * Changes a listed issue through the issue's PATCH route (as the side panel does): the list shows
 * `shown` at once and takes it back, with an error toast, when the server refuses. Resolves to whether it stuck.
 */
export function useChangeIssue(slug: string, projectId: string, listKey: QueryKey) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (issue: IssueRow, changes: IssueChanges, shown: Partial<IssueRow>): Promise<boolean> => {
    await queryClient.cancelQueries({ queryKey: listKey });
    const previous = queryClient.getQueryData<InfiniteData<IssuePage<IssueRow>>>(listKey);
    queryClient.setQueryData<InfiniteData<IssuePage<IssueRow>>>(listKey, (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, issues: page.issues.map((listed) => (listed.id === issue.id ? { ...listed, ...shown } : listed)) })),
      },
    );
    try {
      await api.issues.update(slug, projectId, issue.id, changes);
      return true;
    } catch (error) {
      queryClient.setQueryData(listKey, previous);
      notify({ type: 'error', message: errorMessage(error) });
      return false;
    }
  };
}

/** Moves a listed issue to another state (the board's drag and keys). */
export function useMoveIssue(slug: string, projectId: string, listKey: QueryKey) {
  const change = useChangeIssue(slug, projectId, listKey);
  return (issue: IssueRow, state: State) =>
    change(issue, { state_id: state.id }, { state_id: state.id, state__color: state.color, state__name: state.name, state__group: state.group });
}

/** Gives a listed issue another priority (the picker in its row or card). */
export function useSetPriority(slug: string, projectId: string, listKey: QueryKey) {
  const change = useChangeIssue(slug, projectId, listKey);
  return (issue: IssueRow, priority: Priority) => change(issue, { priority }, { priority });
}
