import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import { useNotify, type ToastAction } from '../../ui/toasts.js';

/**
 * The Undo of a deletion toast (one issue from its page, or many from the list): it brings the
 * issues back (the server's bulk-delete undo, with the sub-issues their deletion detached),
 * refreshes the project's lists, says so, and runs `then` (the issue page opens the issue again).
 */
export function useUndoDelete(slug: string, projectId: string): (issueIds: readonly string[], then?: () => void) => ToastAction {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (issueIds, then) => ({
    label: 'Undo',
    altText: issueIds.length === 1 ? 'Undo: restore the deleted issue' : 'Undo: restore the deleted issues',
    run: () =>
      void (async () => {
        try {
          const { restored } = await api.issues.undoDelete(slug, projectId, [...issueIds]);
          await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) });
          notify({ type: 'success', message: restored === 1 ? 'Issue restored.' : `${restored} issues restored.` });
          then?.();
        } catch (error) {
          notify({ type: 'error', message: errorMessage(error) });
        }
      })(),
  });
}
