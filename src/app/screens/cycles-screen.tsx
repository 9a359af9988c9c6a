import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import { can, Role } from '../roles.js';
import { paths } from '../router/paths.js';
import { Button } from '../ui/button.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useOpenRequest } from './empty-state-actions.js';
import { PlanningFormDialog, type PlanningValues } from './planning/planning-form-dialog.js';
import { FeatureGate } from './projects/feature-gate.js';
import { PlanningList } from './projects/planning-list.js';
import { useCurrentProject } from './projects/use-current-project.js';
import { screensCss } from './screens.css.js';
import { EmptyState } from '../empty-states/index.js';

/** A project's cycles (behind its cycles toggle); Members create them with a name and dates. */
export function CyclesScreen() {
  useStyles('app-screens', screensCss);
  const { slug, projectId, project } = useCurrentProject();
  const api = useApi();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(useOpenRequest('create-cycle'));
  const enabled = !!project?.cycle_view;
  const cycles = useQuery({ queryKey: queryKeys.planning(slug, projectId, 'cycles'), queryFn: () => api.planning.cycles(slug, projectId), enabled });
  if (!project) return null;
  const mayCreate = can(project.role, Role.Member);

  const create = async (values: PlanningValues) => {
    await api.planning.createCycle(slug, projectId, {
      name: values.name,
      ...(values.start_date ? { start_date: values.start_date } : {}),
      ...(values.end_date ? { end_date: values.end_date } : {}),
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, 'cycles') });
  };

  return (
    <>
      <PageHeader
        title="Cycles"
        description={project.name}
        actions={
          enabled ? (
            <Button variant="primary" disabled={!mayCreate} onClick={() => setCreating(true)}>
              Create cycle
            </Button>
          ) : null
        }
      />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="cycle_view" notice="disabled-cycles">
          {cycles.isPending ? (
            <Spinner label="Loading cycles…" />
          ) : cycles.isError ? (
            <p role="alert">{cycles.error.message}</p>
          ) : cycles.data.length === 0 ? (
            <EmptyState type="cycles" role={project.role} onAction={() => setCreating(true)} />
          ) : (
            <PlanningList items={cycles.data} label="Cycles" href={(id) => paths.cycle(slug, projectId, id)} />
          )}
        </FeatureGate>
      </div>
      {mayCreate && enabled ? (
        <PlanningFormDialog
          open={creating}
          onOpenChange={setCreating}
          title="Create cycle"
          description="A cycle is a time box for a set of issues."
          nameLabel="Cycle name"
          endLabel="End date"
          submitLabel="Create cycle"
          onSubmit={create}
        />
      ) : null}
    </>
  );
}
