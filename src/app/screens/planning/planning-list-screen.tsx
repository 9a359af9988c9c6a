import { Plus } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.js';
import type { Api } from '../../api/index.js';
import { queryKeys } from '../../api/query-keys.js';
import type { EmptyStateActionKey, EmptyStateKey } from '../../empty-states/index.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { PageHeader } from '../../ui/page-header.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { EmptyState } from '../../empty-states/index.js';
import { useOpenRequest } from '../empty-state-actions.js';
import { FeatureGate } from '../projects/feature-gate.js';
import { PlanningList, type PlanningItem } from '../projects/planning-list.js';
import { useCurrentProject } from '../projects/use-current-project.js';
import { screensCss } from '../screens.css.js';
import { PlanningFormDialog, type PlanningValues } from './planning-form-dialog.js';
import { Icon } from '../../ui/icon.js';

/** What differs between the cycles and the modules list: names, routes, the feature toggle and the API calls. */
export interface PlanningKind {
  /** 'cycles' or 'modules': the query key and the empty state. */
  plural: 'cycles' | 'modules';
  title: string;
  singular: string;
  description: string;
  endLabel: string;
  feature: 'cycle_view' | 'module_view';
  notice: EmptyStateKey;
  createAction: EmptyStateActionKey;
  list: (api: Api, slug: string, projectId: string) => Promise<PlanningItem[]>;
  create: (api: Api, slug: string, projectId: string, values: PlanningValues) => Promise<unknown>;
  href: (slug: string, projectId: string, id: string) => string;
}

/** A project's cycles or modules (behind the project's toggle); Members create them with a name and dates. */
export function PlanningListScreen({ kind }: { kind: PlanningKind }) {
  useStyles('app-screens', screensCss);
  const { slug, projectId, project } = useCurrentProject();
  const api = useApi();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(useOpenRequest(kind.createAction));
  const enabled = !!project?.[kind.feature];
  const items = useQuery({ queryKey: queryKeys.planning(slug, projectId, kind.plural), queryFn: () => kind.list(api, slug, projectId), enabled });
  if (!project) return null;
  const mayCreate = can(project.role, Role.Member);

  const create = async (values: PlanningValues) => {
    await kind.create(api, slug, projectId, values);
    await queryClient.invalidateQueries({ queryKey: queryKeys.planning(slug, projectId, kind.plural) });
  };

  return (
    <>
      <PageHeader
        title={kind.title}
        description={project.name}
        actions={
          enabled ? (
            <Button variant="primary" disabled={!mayCreate} onClick={() => setCreating(true)}>
              <Icon icon={Plus} />
              Create {kind.singular}
            </Button>
          ) : null
        }
      />
      <div className="app-content">
        <FeatureGate slug={slug} project={project} feature={kind.feature} notice={kind.notice}>
          {items.isPending ? (
            <Spinner label={`Loading ${kind.plural}…`} />
          ) : items.isError ? (
            <p role="alert">{items.error.message}</p>
          ) : items.data.length === 0 ? (
            <EmptyState type={kind.plural} role={project.role} onAction={() => setCreating(true)} />
          ) : (
            <PlanningList items={items.data} label={kind.title} href={(id) => kind.href(slug, projectId, id)} />
          )}
        </FeatureGate>
      </div>
      {mayCreate && enabled ? (
        <PlanningFormDialog
          open={creating}
          onOpenChange={setCreating}
          title={`Create ${kind.singular}`}
          description={kind.description}
          nameLabel={`${kind.singular[0]!.toUpperCase()}${kind.singular.slice(1)} name`}
          endLabel={kind.endLabel}
          submitLabel={`Create ${kind.singular}`}
          onSubmit={create}
        />
      ) : null}
    </>
  );
}

/** The fields a create request sends: the name, and each date only when given. */
export function datesOf(values: PlanningValues, endField: 'end_date' | 'target_date') {
  return {
    name: values.name,
    ...(values.start_date ? { start_date: values.start_date } : {}),
    ...(values.end_date ? { [endField]: values.end_date } : {}),
  };
}
