import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { IssuePage } from '../../api/issues.js';
import type { IssueRow, State } from '../../api/types.js';
import { useNotify } from '../../ui/toasts.js';

/**
 * Moves a listed issue to another state through the issue's PATCH route: the list shows the move
 * at once and takes it back, with an error toast, when the server refuses. Resolves to whether it stuck.
 */
export function useMoveIssue(slug: string, projectId: string, listKey: QueryKey) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (issue: IssueRow, state: State): Promise<boolean> => {
    await queryClient.cancelQueries({ queryKey: listKey });
    const previous = queryClient.getQueryData<InfiniteData<IssuePage<IssueRow>>>(listKey);
    queryClient.setQueryData<InfiniteData<IssuePage<IssueRow>>>(listKey, (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          issues: page.issues.map((listed) => (listed.id === issue.id ? { ...listed, state_id: state.id, state__color: state.color } : listed)),
        })),
      },
    );
    try {
      await api.issues.update(slug, projectId, issue.id, { state_id: state.id });
      return true;
    } catch (error) {
      queryClient.setQueryData(listKey, previous);
      notify({ type: 'error', message: errorMessage(error) });
      return false;
    }
  };
}
