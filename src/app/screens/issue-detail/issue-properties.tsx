import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { IssueChanges } from '../../api/issues.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueDetail, Priority } from '../../api/types.js';
import { controlsCss } from '../../ui/controls.css.js';
import { FormError } from '../../ui/form-field.js';
import { useStyles } from '../../ui/styles.js';
import { PRIORITY_OPTIONS } from '../issues/create-issue-dialog.js';
import { issueKey } from '../issues/issue-key.js';

/** The refusal of a start date after the target date (the server's words). */
export const START_AFTER_TARGET = 'The start date cannot be after the target date.';

interface PropertiesProps {
  slug: string;
  issue: IssueDetail;
  mayEdit: boolean;
  /** Sends one change through the issue's PATCH route; rejects with the server's refusal. */
  onChange(changes: IssueChanges): Promise<void>;
}

/**
 * An issue's properties (state, priority, assignees, labels, dates, parent): each control sends
 * its change at once; refusals show under the panel.
 */
export function IssueProperties({ slug, issue, mayEdit, onChange }: PropertiesProps) {
  useStyles('app-controls', controlsCss);
  const api = useApi();
  const id = useId();
  const projectId = issue.project_id;
  const states = useQuery({ queryKey: queryKeys.states(slug, projectId), queryFn: () => api.states.list(slug, projectId) });
  const members = useQuery({ queryKey: queryKeys.projectMembers(slug, projectId), queryFn: () => api.projects.members(slug, projectId) });
  const labels = useQuery({ queryKey: [...queryKeys.project(slug, projectId), 'labels'], queryFn: () => api.labels.list(slug, projectId) });
  const parents = useQuery({
    queryKey: [...queryKeys.issue(slug, projectId, issue.id), 'parent-candidates'],
    queryFn: () => api.issues.search(slug, projectId, { parent: 'true', issue_id: issue.id }),
    enabled: mayEdit,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (changes: IssueChanges) => {
    setFailure(null);
    setBusy(true);
    try {
      await onChange(changes);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const setDate = (field: 'start_date' | 'target_date', value: string) => {
    const start = field === 'start_date' ? value : issue.start_date;
    const target = field === 'target_date' ? value : issue.target_date;
    if (start && target && start > target) {
      setFailure(START_AFTER_TARGET);
      return;
    }
    void send({ [field]: value || null });
  };
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  const disabled = !mayEdit || busy;
  const errorId = `${id}-error`;
  const described = failure ? errorId : undefined;
  const parentOptions = (parents.data ?? []).filter((candidate) => candidate.id !== issue.parent_id);

  return (
    <section className="app-issue-properties" aria-label="Properties" aria-busy={busy}>
      <div className="app-field">
        <label htmlFor={`${id}-state`}>State</label>
        <select
          id={`${id}-state`}
          value={issue.state_id ?? ''}
          disabled={disabled || !states.data}
          aria-describedby={described}
          onChange={(event) => void send({ state_id: event.target.value })}
        >
          {issue.state_id ? null : <option value="">No state</option>}
          {(states.data ?? []).map((state) => (
            <option key={state.id} value={state.id}>
              {state.name}
            </option>
          ))}
          {issue.state_id && !states.data?.some((state) => state.id === issue.state_id) ? <option value={issue.state_id}>{issue.state__name ?? 'Current state'}</option> : null}
        </select>
      </div>
      <div className="app-field">
        <label htmlFor={`${id}-priority`}>Priority</label>
        <select
          id={`${id}-priority`}
          value={issue.priority}
          disabled={disabled}
          aria-describedby={described}
          onChange={(event) => void send({ priority: event.target.value as Priority })}
        >
          {PRIORITY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="app-fieldset" disabled={disabled} aria-describedby={described}>
        <legend>Assignees</legend>
        <div className="app-options">
        {(members.data ?? []).map((member) => (
          <label key={member.id} className="app-option">
            <input
              type="checkbox"
              checked={issue.assignee_ids.includes(member.id)}
              onChange={() => void send({ assignee_ids: toggle(issue.assignee_ids, member.id) })}
            />
            {member.display_name}
          </label>
        ))}
        </div>
        {members.data?.length === 0 ? <p className="app-editor-status">No members.</p> : null}
      </fieldset>
      <fieldset className="app-fieldset" disabled={disabled} aria-describedby={described}>
        <legend>Labels</legend>
        <div className="app-options">
        {(labels.data ?? []).map((label) => (
          <label key={label.id} className="app-option">
            <input type="checkbox" checked={issue.label_ids.includes(label.id)} onChange={() => void send({ label_ids: toggle(issue.label_ids, label.id) })} />
            <span className="app-state-dot" aria-hidden="true" style={{ background: label.color }} />
            {label.name}
          </label>
        ))}
        </div>
        {labels.data?.length === 0 ? <p className="app-editor-status">No labels in this project.</p> : null}
      </fieldset>
      <div className="app-field">
        <label htmlFor={`${id}-start`}>Start date</label>
        <DateInput
          key={issue.start_date ?? ''}
          id={`${id}-start`}
          value={issue.start_date ?? ''}
          disabled={disabled}
          invalid={failure === START_AFTER_TARGET}
          describedBy={described}
          onCommit={(value) => setDate('start_date', value)}
        />
      </div>
      <div className="app-field">
        <label htmlFor={`${id}-target`}>Target date</label>
        <DateInput
          key={issue.target_date ?? ''}
          id={`${id}-target`}
          value={issue.target_date ?? ''}
          disabled={disabled}
          invalid={failure === START_AFTER_TARGET}
          describedBy={described}
          onCommit={(value) => setDate('target_date', value)}
        />
      </div>
      <div className="app-field">
        <label htmlFor={`${id}-parent`}>Parent</label>
        <select
          id={`${id}-parent`}
          value={issue.parent_id ?? ''}
          disabled={disabled}
          aria-describedby={described}
          onChange={(event) => void send({ parent_id: event.target.value || null })}
        >
          <option value="">No parent</option>
          {issue.parent_id ? <option value={issue.parent_id}>{parentLabel(issue)}</option> : null}
          {parentOptions.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {`${issueKey(candidate)} ${candidate.name}`}
            </option>
          ))}
        </select>
      </div>
      <div id={errorId}>
        <FormError message={failure} />
      </div>
    </section>
  );
}

/** The current parent's name as the detail answer gives it (`parent_detail`), or a plain word. */
function parentLabel(issue: IssueDetail): string {
  const detail = (issue as IssueDetail & { parent_detail?: { name: string; sequence_id: number; project__identifier: string } | null }).parent_detail;
  return detail ? `${detail.project__identifier}-${detail.sequence_id} ${detail.name}` : 'Current parent';
}

/**
 * A date input that sends its day when the user leaves it or presses Enter, not while a day is
 * half typed (the year's first digit already makes a valid date).
 */
function DateInput({ value, onCommit, invalid, describedBy, ...input }: { id: string; value: string; disabled: boolean; invalid: boolean; describedBy: string | undefined; onCommit(value: string): void }) {
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <input
      {...input}
      type="date"
      value={draft}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
