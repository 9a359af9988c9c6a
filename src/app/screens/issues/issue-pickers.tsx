import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Priority, Project, State } from '../../api/types.js';
import { Avatar, LabelChip, Picker, PriorityGlyph, StateDot, type PickerOption } from '../../ui/pickers/index.js';
import { planningListQuery } from '../planning/planning-kinds.js';
import { PRIORITY_OPTIONS } from './priorities.js';

/** A project's states, members and labels, as the issue pickers list them. */
export function useProjectChoices(slug: string, projectId: string) {
  const api = useApi();
  const states = useQuery({ queryKey: queryKeys.states(slug, projectId), queryFn: () => api.states.list(slug, projectId) });
  const members = useQuery({ queryKey: queryKeys.projectMembers(slug, projectId), queryFn: () => api.projects.members(slug, projectId) });
  const labels = useQuery({ queryKey: [...queryKeys.project(slug, projectId), 'labels'], queryFn: () => api.labels.list(slug, projectId) });
  return { states: states.data, members: members.data, labels: labels.data };
}
type Choices = ReturnType<typeof useProjectChoices>;

/** A project's cycles and modules, as the cycle and module pickers list them (each only while its feature is on). */
export function usePlanningChoices(slug: string, projectId: string, project: Pick<Project, 'cycle_view' | 'module_view'> | undefined) {
  const api = useApi();
  const cycles = useQuery({ ...planningListQuery(api, slug, projectId, 'cycles'), enabled: !!project?.cycle_view });
  const modules = useQuery({ ...planningListQuery(api, slug, projectId, 'modules'), enabled: !!project?.module_view });
  return { cycles: project?.cycle_view ? cycles.data : undefined, modules: project?.module_view ? modules.data : undefined, cycleView: !!project?.cycle_view, moduleView: !!project?.module_view };
}

const toggled = (list: readonly string[], id: string) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]);

/** A project's states as picker options, each with its colour dot. */
export const stateOptions = (states: readonly State[]): PickerOption[] => states.map((state) => ({ id: state.id, label: state.name, icon: <StateDot color={state.color} /> }));

/** The priorities as picker options, most pressing first, each with its icon. */
export const priorityOptions = (): PickerOption[] => PRIORITY_OPTIONS.map((option) => ({ id: option.value, label: option.label, icon: <PriorityGlyph priority={option.value} /> }));

/** The state picker: the project's states with their colour dots. */
export function StatePicker({ choices, value, fallback, onChange }: { choices: Choices; value: string | null; fallback?: string; onChange(id: string): void }) {
  const states = choices.states ?? [];
  const current = states.find((state) => state.id === value);
  return (
    <Picker
      label="State"
      value={current ? <><StateDot color={current.color} />{current.name}</> : <span className="app-picker-placeholder">{fallback ?? 'No state'}</span>}
      options={stateOptions(states)}
      selected={value ? [value] : []}
      onPick={onChange}
      emptyText={choices.states ? 'No matching states' : 'Loading…'}
    />
  );
}

/** The priority picker, most pressing first; `compact` shows only the icon (a list row), the name staying for assistive technology. */
export function PriorityPicker({ value, onChange, compact = false }: { value: Priority; onChange(priority: Priority): void; compact?: boolean }) {
  const label = PRIORITY_OPTIONS.find((option) => option.value === value)?.label ?? value;
  return (
    <Picker
      label="Priority"
      value={<><PriorityGlyph priority={value} />{compact ? <span className="app-visually-hidden">{label}</span> : label}</>}
      options={priorityOptions()}
      selected={[value]}
      onPick={(id) => onChange(id as Priority)}
    />
  );
}

/** The assignees picker (several at once): the project's members with their avatars. */
export function AssigneePicker({ choices, value, onChange }: { choices: Choices; value: readonly string[]; onChange(ids: string[]): void }) {
  const members = choices.members ?? [];
  const chosen = members.filter((member) => value.includes(member.id));
  return (
    <Picker
      label="Assignees"
      multiple
      value={
        chosen.length ? (
          <>
            {chosen.map((member) => <Avatar key={member.id} name={member.display_name} src={member.avatar} />)}
            {chosen.map((member) => member.display_name).join(', ')}
          </>
        ) : (
          <span className="app-picker-placeholder">No assignees</span>
        )
      }
      options={members.map((member) => ({ id: member.id, label: member.display_name, icon: <Avatar name={member.display_name} src={member.avatar} size="medium" /> }))}
      selected={value}
      onPick={(id) => onChange(toggled(value, id))}
      emptyText={choices.members ? 'No matching members' : 'Loading…'}
    />
  );
}

/** The labels picker (several at once): the project's labels as coloured chips. */
export function LabelPicker({ choices, value, onChange }: { choices: Choices; value: readonly string[]; onChange(ids: string[]): void }) {
  const labels = choices.labels ?? [];
  const chosen = labels.filter((label) => value.includes(label.id));
  return (
    <Picker
      label="Labels"
      multiple
      value={chosen.length ? chosen.map((label) => <LabelChip key={label.id} name={label.name} color={label.color} />) : <span className="app-picker-placeholder">No labels</span>}
      options={labels.map((label) => ({ id: label.id, label: label.name, icon: <StateDot color={label.color} /> }))}
      selected={value}
      onPick={(id) => onChange(toggled(value, id))}
      emptyText={choices.labels ? 'No matching labels' : 'Loading…'}
    />
  );
}

/** The id of the "none" choice of the single pickers that can be left empty (parent, cycle, module). */
export const NONE = '';

/** A picker of one item or none (parent, cycle, module), from a list of named items. */
export function OptionalPicker({
  label,
  none,
  items,
  value,
  currentName,
  onChange,
}: {
  label: string;
  none: string;
  items: ReadonlyArray<{ id: string; name: string }> | undefined;
  value: string | null;
  /** The current value's name when the list does not hold it. */
  currentName?: string;
  onChange(id: string | null): void;
}) {
  const list = items ?? [];
  const name = list.find((item) => item.id === value)?.name ?? (value ? currentName ?? label : null);
  return (
    <Picker
      label={label}
      value={name ?? <span className="app-picker-placeholder">{none}</span>}
      options={[{ id: NONE, label: none }, ...list.map((item) => ({ id: item.id, label: item.name }))]}
      selected={[value ?? NONE]}
      onPick={(id) => onChange(id === NONE ? null : id)}
      emptyText={items ? 'No matches' : 'Loading…'}
    />
  );
}

/** The modules picker (an issue may be in several): the project's modules by name. */
export function ModulesPicker({ items, value, onChange }: { items: ReadonlyArray<{ id: string; name: string }> | undefined; value: readonly string[]; onChange(ids: string[]): void }) {
  const list = items ?? [];
  const chosen = list.filter((item) => value.includes(item.id));
  return (
    <Picker
      label="Modules"
      multiple
      value={chosen.length ? chosen.map((item) => item.name).join(', ') : <span className="app-picker-placeholder">No modules</span>}
      options={list.map((item) => ({ id: item.id, label: item.name }))}
      selected={value}
      onPick={(id) => onChange(toggled(value, id))}
      emptyText={items ? 'No matching modules' : 'Loading…'}
    />
  );
}
