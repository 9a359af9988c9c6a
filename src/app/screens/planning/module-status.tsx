import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MODULE_STATUSES, type ModuleStatus } from '../../../api-shapes/module.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { ModuleDetail } from '../../api/types.js';
import { useNotify } from '../../ui/toasts.js';
import { moduleKind } from './planning-kinds.js';

/**
 * A module's status, chosen from its six by a member (Backlog to Cancelled, as Plane has them) and
 * saved as it is chosen; the choice shows at once and a refusal is told. A cycle's status follows
 * its dates, so only modules have this.
 */
export function ModuleStatusSelect({ id, slug, projectId, module, itemKey, listKey }: { id: string; slug: string; projectId: string; module: ModuleDetail; itemKey: QueryKey; listKey: QueryKey }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: (status: ModuleStatus) => api.planning.group('modules').update(slug, projectId, module.id, { status }),
    onSuccess: async (updated) => {
      queryClient.setQueryData<ModuleDetail>(itemKey, (current) => (current ? { ...current, ...updated } : current));
      await queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });
  return (
    <select
      id={id}
      value={save.isPending ? save.variables : module.status}
      onChange={(event) => save.mutate(event.target.value as ModuleStatus)}
    >
      {MODULE_STATUSES.map((status) => (
        <option key={status} value={status}>
          {moduleKind.statusNames[status]}
        </option>
      ))}
    </select>
  );
}
