import { Plus } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.js';
import type { PlanningKindName, PlanningTypes } from '../../api/planning.js';
import { EmptyState } from '../../empty-states/index.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/icon.js';
import { PageHeader } from '../../ui/page-header.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { useOpenRequest } from '../empty-state-actions.js';
import { FeatureGate } from '../projects/feature-gate.js';
import { NamedFormDialog, type NamedValues } from '../projects/named-form-dialog.js';
import { useCurrentProject } from '../projects/use-current-project.js';
import { screensCss } from '../screens.css.js';
import { ProgressMeter } from '../../widgets/progress-breakdown/index.js';
import { pointsDone, statusName } from './planning-facts.js';
import { capitalised, cycleKind, dateRange, moduleKind, planningListQuery, withoutEmptyDates, type PlanningKind } from './planning-kinds.js';

/** A project's cycles or modules (behind the project's toggle); Members create them with a name and dates. */
export function PlanningListScreen<K extends PlanningKindName>({ kind }: { kind: PlanningKind<K> }) {
  useStyles('app-screens', screensCss);
  const { slug, projectId, project } = useCurrentProject();
  const api = useApi();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(useOpenRequest(kind.createAction));
  const enabled = !!project?.[kind.feature];
  const list = planningListQuery(api, slug, projectId, kind.plural);
  const items = useQuery({ ...list, enabled });
  if (!project) return null;
  const mayCreate = can(project.role, Role.Member);
  const title = capitalised(kind.plural);

  const create = async (values: NamedValues) => {
    await api.planning.group(kind.plural).create(slug, projectId, withoutEmptyDates(kind.fields(values)));
    await queryClient.invalidateQueries({ queryKey: list.queryKey });
  };

  return (
    <>
      <PageHeader
        title={title}
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
            <PlanningList items={items.data} kind={kind} label={title} href={(id) => kind.itemPath(slug, projectId, id)} />
          )}
        </FeatureGate>
      </div>
      {mayCreate && enabled ? (
        <NamedFormDialog
          open={creating}
          onOpenChange={setCreating}
          title={`Create ${kind.singular}`}
          description={kind.description}
          nameLabel={`${capitalised(kind.singular)} name`}
          endLabel={kind.endLabel}
          submitLabel={`Create ${kind.singular}`}
          onSubmit={create}
        />
      ) : null}
    </>
  );
}

/** Cycles or modules as cards: name, status by name, dates in the app's date format, a bar of their issues done and, with points, how many points. */
function PlanningList<K extends PlanningKindName>({ items, kind, label, href }: { items: readonly PlanningTypes[K]['item'][]; kind: PlanningKind<K>; label: string; href(id: string): string }) {
  return (
    <ul className="app-card-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Link className="app-card" to={href(item.id)}>
            <h2>{item.name}</h2>
            <p>
              {statusName(kind, item)} · {dateRange(item.start_date, kind.end(item))}
            </p>
            <span className="app-card-progress">
              <ProgressMeter done={item.completed_issues} total={item.total_issues} label="Issues done" />
              <span>
                {item.completed_issues} of {item.total_issues} issues done
                {pointsDone(item) ? ` · ${pointsDone(item)}` : null}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A project's cycles. */
export const CyclesScreen = () => <PlanningListScreen kind={cycleKind} />;

/** A project's modules. */
export const ModulesScreen = () => <PlanningListScreen kind={moduleKind} />;
