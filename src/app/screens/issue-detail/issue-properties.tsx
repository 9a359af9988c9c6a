import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { IssueChanges } from '../../api/issues.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueDetail } from '../../api/types.js';
import { ISSUE_ARCHIVED } from '../../../api-shapes/issue-archive.js';
import { FormError } from '../../ui/form-field.js';
import { formatDay } from '../../ui/dates.js';
import { Avatar, DatePicker, LabelChip, PriorityGlyph, StateDot } from '../../ui/pickers/index.js';
import { useProject } from '../../layout/workspace-data.js';
import { AssigneePicker, LabelPicker, ModulesPicker, OptionalPicker, PriorityPicker, StatePicker, usePlanningChoices, useProjectChoices } from '../issues/issue-pickers.js';
import { estimateLabel, EstimatePicker, useEstimate } from '../issues/issue-estimate.js';
import { issueKey } from '../issues/issue-key.js';
import { PRIORITY_OPTIONS } from '../issues/priorities.js';
import { TargetDay, useOverdue } from '../issues/issue-due.js';

/** The refusal of a start date after the target date (the server's words). */
export const START_AFTER_TARGET = 'The start date cannot be after the target date.';
/** Why guests and viewers see the properties without controls. */
export const CANNOT_CHANGE_ISSUES = 'Only members and admins can change issues.';
/** Why an archived issue's page has no controls for what the issue holds. */

interface PropertiesProps {
  slug: string;
  issue: IssueDetail;
  mayEdit: boolean;
  /** The issue is archived (its page is read-only until it is restored): said instead of the role's reason. */
  archived?: boolean;
  /** Sends one change through the issue's PATCH route; rejects with the server's refusal. */
  onChange(changes: IssueChanges): Promise<void>;
  /** Puts the issue in a cycle (or none) or in modules, through the cycle's and modules' issue routes. */
  onPlan(changes: PlanChanges): Promise<void>;
}

/** A change of the cycle or modules an issue is in. */
export interface PlanChanges {
  cycle_id?: string | null;
  module_ids?: string[];
}

/**
 * An issue's properties as a side panel of pickers (state, priority, the estimate while the
 * project's estimates are on, assignees, labels, dates, parent, and the cycle and modules while
 * those features are on): each pick sends its change at once; refusals show under the panel. Guests and viewers
 * see the values and the reason they cannot change them.
 */
export function IssueProperties({ slug, issue, mayEdit, archived = false, onChange, onPlan }: PropertiesProps) {
  const api = useApi();
  const id = useId();
  const projectId = issue.project_id;
  const choices = useProjectChoices(slug, projectId);
  const planning = usePlanningChoices(slug, projectId, useProject(slug, projectId).data);
  const estimate = useEstimate(slug, projectId).data;
  const parents = useQuery({
    queryKey: [...queryKeys.issue(slug, projectId, issue.id), 'parent-candidates'],
    queryFn: () => api.issues.search(slug, projectId, { parent: 'true', issue_id: issue.id }),
    enabled: mayEdit,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (changes: IssueChanges) => run(() => onChange(changes));
  const plan = async (changes: PlanChanges) => run(() => onPlan(changes));
  const run = async (change: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await change();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const setDate = (field: 'start_date' | 'target_date', value: string | null) => {
    const start = field === 'start_date' ? value : issue.start_date;
    const target = field === 'target_date' ? value : issue.target_date;
    if (start && target && start > target) {
      setFailure(START_AFTER_TARGET);
      return;
    }
    void send({ [field]: value });
  };
  const parentName = parentLabel(issue);
  const parentItems = (parents.data ?? []).filter((candidate) => candidate.id !== issue.parent_id).map((candidate) => ({ id: candidate.id, name: `${issueKey(candidate)} ${candidate.name}` }));
  if (issue.parent_id) parentItems.unshift({ id: issue.parent_id, name: parentName });
  const datesInvalid = failure === START_AFTER_TARGET;
  const overdue = useOverdue(issue);
  const state = choices.states?.find((candidate) => candidate.id === issue.state_id);
  const cycleName = planning.cycles?.find((cycle) => cycle.id === issue.cycle_id)?.name;
  const moduleNames = issue.module_ids.map((moduleId) => planning.modules?.find((module) => module.id === moduleId)?.name).filter(Boolean);

  return (
    <aside className="app-issue-properties" aria-label="Properties" aria-busy={busy} aria-describedby={failure ? `${id}-error` : undefined}>
      <h2 className="app-issue-properties-title">Properties</h2>
      {mayEdit ? null : <p className="app-issue-properties-reason">{archived ? ISSUE_ARCHIVED : CANNOT_CHANGE_ISSUES}</p>}
      <dl>
        <Property label="State">
          {mayEdit ? (
            <StatePicker choices={choices} value={issue.state_id} fallback={issue.state__name ?? undefined} onChange={(stateId) => void send({ state_id: stateId })} />
          ) : (
            <>
              {state ? <StateDot color={state.color} /> : null}
              {issue.state__name ?? 'No state'}
            </>
          )}
        </Property>
        <Property label="Priority">
          {mayEdit ? (
            <PriorityPicker value={issue.priority} onChange={(priority) => void send({ priority })} />
          ) : (
            <>
              <PriorityGlyph priority={issue.priority} />
              {PRIORITY_OPTIONS.find((option) => option.value === issue.priority)?.label}
            </>
          )}
        </Property>
        {estimate?.enabled ? (
          <Property label="Estimate">
            {mayEdit ? (
              <EstimatePicker estimate={estimate} value={issue.estimate_point} onChange={(value) => void send({ estimate_point: value })} />
            ) : issue.estimate_point ? (
              estimateLabel(estimate.type, issue.estimate_point)
            ) : (
              'No estimate'
            )}
          </Property>
        ) : null}
        <Property label="Assignees">
          {mayEdit ? (
            <AssigneePicker choices={choices} value={issue.assignee_ids} onChange={(ids) => void send({ assignee_ids: ids })} />
          ) : issue.assignees.length ? (
            issue.assignees.map((person) => (
              <span key={person.id} className="app-issue-property-person">
                <Avatar name={person.display_name} src={person.avatar} />
                {person.display_name}
              </span>
            ))
          ) : (
            'No assignees'
          )}
        </Property>
        <Property label="Labels">
          {mayEdit ? (
            <LabelPicker choices={choices} value={issue.label_ids} onChange={(ids) => void send({ label_ids: ids })} />
          ) : issue.labels.length ? (
            issue.labels.map((label) => <LabelChip key={label.id} name={label.name} color={label.color} />)
          ) : (
            'No labels'
          )}
        </Property>
        <Property label="Start date">
          {mayEdit ? <DatePicker label="Start date" value={issue.start_date} invalid={datesInvalid} onPick={(day) => setDate('start_date', day)} /> : issue.start_date ? formatDay(issue.start_date) : 'No date'}
        </Property>
        <Property label="Target date">
          {mayEdit ? (
            <DatePicker label="Target date" value={issue.target_date} invalid={datesInvalid} overdue={overdue} onPick={(day) => setDate('target_date', day)} />
          ) : issue.target_date ? (
            <TargetDay issue={issue} named={false} />
          ) : (
            'No date'
          )}
        </Property>
        <Property label="Parent">
          {mayEdit ? (
            <OptionalPicker label="Parent" none="No parent" items={parents.data ? parentItems : undefined} value={issue.parent_id} currentName={parentName} onChange={(parentId) => void send({ parent_id: parentId })} />
          ) : issue.parent_id ? (
            parentName
          ) : (
            'No parent'
          )}
        </Property>
        {planning.cycleView ? (
          <Property label="Cycle">
            {mayEdit ? (
              <OptionalPicker label="Cycle" none="No cycle" items={planning.cycles} value={issue.cycle_id} onChange={(cycleId) => void plan({ cycle_id: cycleId })} />
            ) : issue.cycle_id ? (
              cycleName ?? 'A cycle'
            ) : (
              'No cycle'
            )}
          </Property>
        ) : null}
        {planning.moduleView ? (
          <Property label="Modules">
            {mayEdit ? (
              <ModulesPicker items={planning.modules} value={issue.module_ids} onChange={(ids) => void plan({ module_ids: ids })} />
            ) : moduleNames.length ? (
              moduleNames.join(', ')
            ) : (
              'No modules'
            )}
          </Property>
        ) : null}
      </dl>
      <div id={`${id}-error`}>
        <FormError message={failure} />
      </div>
    </aside>
  );
}

/** One row of the panel: the property's name and its picker (or value). */
function Property({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-issue-property">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The current parent's name as the detail answer gives it (`parent_detail`), or a plain word. */
function parentLabel(issue: IssueDetail): string {
  const detail = issue.parent_detail;
  return detail ? `${detail.project__identifier}-${detail.sequence_id} ${detail.name}` : 'Current parent';
}
