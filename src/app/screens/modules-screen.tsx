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

/** A project's modules (behind its modules toggle); Members create them with a name and dates. */
export function ModulesScreen() {
  useStyles('app-screens', screensCss);
  const { slug, projectId, project } = useCurrentProject();
  const api = useApi();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(useOpenRequest('create-module'));
  const enabled = !!project?.module_view;
  const modules = useQuery({ queryKey: queryKeys.planning(slug, projectId, 'modules'), queryFn: () => api.planning.modules(slug, projectId), enabled });
  if (!project) return null;
  const mayCreate = can(project.role, Role.Member);

  const create = async (values: PlanningValues) => {
    await api.planning.createModule(slug, projectId, {
      name: values.name,
      ...(values.start_date ? { start_date: values.start_date } : {}),
      ...(values.end_date ? { target_date: values.end_date } : {}),
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, 'modules') });
  };

  return (
    <>
      <PageHeader
        title="Modules"
        description={project.name}
        actions={
          enabled ? (
            <Button variant="primary" disabled={!mayCreate} onClick={() => setCreating(true)}>
              Create module
            </Button>
          ) : null
        }
      />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature="module_view" notice="disabled-modules">
          {modules.isPending ? (
            <Spinner label="Loading modules…" />
          ) : modules.isError ? (
            <p role="alert">{modules.error.message}</p>
          ) : modules.data.length === 0 ? (
            <EmptyState type="modules" role={project.role} onAction={() => setCreating(true)} />
          ) : (
            <PlanningList items={modules.data} label="Modules" href={(id) => paths.module(slug, projectId, id)} />
          )}
        </FeatureGate>
      </div>
      {mayCreate && enabled ? (
        <PlanningFormDialog
          open={creating}
          onOpenChange={setCreating}
          title="Create module"
          description="A module groups the issues of one part of the work."
          nameLabel="Module name"
          endLabel="Target date"
          submitLabel="Create module"
          onSubmit={create}
        />
      ) : null}
    </>
  );
}
