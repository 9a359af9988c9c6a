import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkIssueChange } from '../../../api-shapes/issue-bulk.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Project } from '../../api/types.js';
import { Avatar } from '../../ui/avatar.js';
import { Button } from '../../ui/button.js';
import { Picker, StateDot } from '../../ui/pickers/index.js';
import { useNotify } from '../../ui/toasts.js';
import { labelsEmptyText, NONE, priorityOptions, StatePicker, usePlanningChoices, useProjectChoices } from './issue-pickers.js';
import { issueCount } from '../../ui/counts.js';

interface SelectionBarProps {
  slug: string;
  projectId: string;
  project: Pick<Project, 'cycle_view' | 'module_view'> | undefined;
  /** The selected issues' ids. */
  selected: readonly string[];
  /** Opens the delete dialog on the selected issues. */
  onDelete(): void;
  onClear(): void;
}

/** What a bulk change says once made ("Priority set on 3 issues."). */

/**
 * The bar over a list with rows selected: how many, and one change for all of them at once (state,
 * priority, assignee, label, cycle, module: one request, all or none), delete, or a way out. Each
 * picker shows what it does ("Set priority") rather than a value, since the rows may differ. The
 * selection stays, so a second change can follow.
 */
export function IssueSelectionBar({ slug, projectId, project, selected, onDelete, onClear }: SelectionBarProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const choices = useProjectChoices(slug, projectId);
  const planning = usePlanningChoices(slug, projectId, project);
  const [busy, setBusy] = useState(false);
  const change = async (what: string, body: BulkIssueChange) => {
    setBusy(true);
    try {
      const { updated } = await api.issues.bulkUpdate(slug, projectId, [...selected], body);
      notify({ type: 'success', message: `${what} on ${issueCount(updated)}.` });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) });
    }
  };
  const placeholder = (text: string) => <span className="app-picker-placeholder">{text}</span>;
  return (
    <div className="app-selection-bar" role="region" aria-label="Selected issues" aria-busy={busy || undefined}>
      <p className="app-selection-count" role="status">
        {selected.length} selected
      </p>
      <StatePicker choices={choices} value={null} fallback="Set state" onChange={(stateId) => void change('State set', { state_id: stateId })} />
      <Picker label="Priority" value={placeholder('Set priority')} options={priorityOptions()} selected={[]} onPick={(priority) => void change('Priority set', { priority: priority as BulkIssueChange['priority'] })} />
      <Picker
        label="Assignees"
        value={placeholder('Assign to')}
        options={[
          { id: NONE, label: 'No one' },
          ...(choices.members ?? []).map((member) => ({ id: member.id, label: member.display_name, icon: <Avatar name={member.display_name} src={member.avatar} size="medium" /> })),
        ]}
        selected={[]}
        onPick={(id) => void change(id === NONE ? 'Assignees removed' : 'Assignee set', { assignee_ids: id === NONE ? [] : [id] })}
        emptyText={choices.members ? 'No matching members' : 'Loading…'}
      />
      <Picker
        label="Labels"
        value={placeholder('Add label')}
        options={(choices.labels ?? []).map((label) => ({ id: label.id, label: label.name, icon: <StateDot color={label.color} /> }))}
        selected={[]}
        onPick={(id) => void change('Label added', { add_label_ids: [id] })}
        emptyText={labelsEmptyText(choices.labels)}
      />
      {planning.cycleView ? (
        <Picker
          label="Cycle"
          value={placeholder('Move to cycle')}
          options={[{ id: NONE, label: 'No cycle' }, ...(planning.cycles ?? []).map((cycle) => ({ id: cycle.id, label: cycle.name }))]}
          selected={[]}
          onPick={(id) => void change(id === NONE ? 'Cycle removed' : 'Cycle set', { cycle_id: id === NONE ? null : id })}
          emptyText={planning.cycles ? 'No matches' : 'Loading…'}
        />
      ) : null}
      {planning.moduleView ? (
        <Picker
          label="Module"
          value={placeholder('Add to module')}
          options={(planning.modules ?? []).map((module) => ({ id: module.id, label: module.name }))}
          selected={[]}
          onPick={(id) => void change('Module added', { module_id: id })}
          emptyText={planning.modules ? 'No modules yet' : 'Loading…'}
        />
      ) : null}
      <Button size="small" variant="danger" onClick={onDelete}>
        Delete…
      </Button>
      <Button size="small" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
