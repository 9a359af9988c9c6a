import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ModuleStatus } from '../../../api-shapes/module.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { ModuleDetail } from '../../api/types.js';
import { useNotify } from '../../ui/toasts.js';
import { moduleKind } from './planning-kinds.js';

/** The statuses in their order, from the names the app gives them (the app takes only types from the shape modules). */
const MODULE_STATUS_ORDER = Object.keys(moduleKind.statusNames) as ModuleStatus[];

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
      {MODULE_STATUS_ORDER.map((status) => (
        <option key={status} value={status}>
          {moduleKind.statusNames[status]}
        </option>
      ))}
    </select>
  );
}
