import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import { CircleUserRound, Tag } from 'lucide-react';
import type { DisplayUser, IssueLabel, IssueRow, Priority, Project, State } from '../../api/types.js';
import { Icon } from '../../ui/icon.js';
import { Avatar, AvatarGroup, LabelChip, Picker, PriorityGlyph, StateDot, type PickerOption } from '../../ui/pickers/index.js';
import { planningListQuery } from '../planning/planning-kinds.js';
import { StateIcon } from './issue-icons.js';
import { PRIORITY_OPTIONS } from './priorities.js';
import { RowLabels } from './row-labels.js';

/** A project's states, members and labels, as the issue pickers list them (asked for only while `enabled`). */
export function useProjectChoices(slug: string, projectId: string, enabled = true) {
  const api = useApi();
  const states = useQuery({ queryKey: queryKeys.states(slug, projectId), queryFn: () => api.states.list(slug, projectId), enabled });
  const members = useQuery({ queryKey: queryKeys.projectMembers(slug, projectId), queryFn: () => api.projects.members(slug, projectId), enabled });
  const labels = useQuery({ queryKey: [...queryKeys.project(slug, projectId), 'labels'], queryFn: () => api.labels.list(slug, projectId), enabled });
  return { states: states.data, members: members.data, labels: labels.data };
}
/** A project's states, members and labels as the pickers take them (each undefined while it loads). */
export type ProjectChoices = ReturnType<typeof useProjectChoices>;
type Choices = ProjectChoices;

/** The ids' items, in the ids' order: as the row already carries them, else from the project's list (one just picked). */
export const chosenOf = <T extends { id: string }>(ids: readonly string[], listed: readonly T[] | undefined, known: readonly T[]): T[] =>
  ids.map((id) => known.find((item) => item.id === id) ?? listed?.find((item) => item.id === id)).filter((item): item is T => !!item);

/**
 * An issue's labels `ids` in the project's order of labels (`listed`, as its labels list and the
 * server's rows give them; `known`'s order until it loads), whatever order the ids come in: a row
 * shows the same label first as the issue's page and a viewer's row do.
 */
export function labelsInOrder<T extends { id: string }>(ids: readonly string[], listed: readonly T[] | undefined, known: readonly T[]): T[] {
  const order = listed ?? known;
  const rank = (item: T) => {
    const at = order.findIndex((candidate) => candidate.id === item.id);
    return at < 0 ? order.length : at;
  };
  return chosenOf(ids, listed, known).sort((a, b) => rank(a) - rank(b));
}

/** A compact picker's empty look: an icon, shown on hover and focus, and the words for assistive technology. */
const EmptyAffordance = ({ icon, text }: { icon: typeof Tag; text: string }) => (
  <>
    <Icon icon={icon} size="small" />
    <span className="app-visually-hidden">{text}</span>
  </>
);

/** A project's cycles and modules, as the cycle and module pickers list them (each only while its feature is on). */
export function usePlanningChoices(slug: string, projectId: string, project: Pick<Project, 'cycle_view' | 'module_view'> | undefined) {
  const api = useApi();
  const cycles = useQuery({ ...planningListQuery(api, slug, projectId, 'cycles'), enabled: !!project?.cycle_view });
  const modules = useQuery({ ...planningListQuery(api, slug, projectId, 'modules'), enabled: !!project?.module_view });
  return { cycles: project?.cycle_view ? cycles.data : undefined, modules: project?.module_view ? modules.data : undefined, cycleView: !!project?.cycle_view, moduleView: !!project?.module_view };
}

const toggled = (list: readonly string[], id: string) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]);

/** A project's states as picker options, each with its group's icon in its colour. */
export const stateOptions = (states: readonly State[]): PickerOption[] =>
  states.map((state) => ({ id: state.id, label: state.name, icon: <StateIcon group={state.group} color={state.color} decorative /> }));

/** The project's members as picker options, with their avatars. */
export const memberOptions = (members: ProjectChoices['members']): PickerOption[] =>
  (members ?? []).map((member) => ({ id: member.id, label: member.display_name, icon: <Avatar name={member.display_name} src={member.avatar} size="medium" /> }));

/** The project's labels as picker options, with their colours. */
export const labelOptions = (labels: ProjectChoices['labels']): PickerOption[] => (labels ?? []).map((label) => ({ id: label.id, label: label.name, icon: <StateDot color={label.color} /> }));

/** The priorities as picker options, most pressing first, each with its icon. */
export const priorityOptions = (): PickerOption[] => PRIORITY_OPTIONS.map((option) => ({ id: option.value, label: option.label, icon: <PriorityGlyph priority={option.value} /> }));

/**
 * The state picker: the project's states with their group's icon in their colour, as rows and the issue's header show them. `compact` shows only the state's
 * icon in its colour (a row or card), the name staying for assistive technology; `known` is the
 * issue's state as its row carries it, shown until the project's states load.
 */
export function StatePicker({
  choices,
  value,
  fallback,
  onChange,
  compact = false,
  known,
}: {
  choices: Choices;
  value: string | null;
  fallback?: string;
  onChange(id: string): void;
  compact?: boolean;
  known?: Pick<IssueRow, 'state__name' | 'state__group' | 'state__color'>;
}) {
  const states = choices.states ?? [];
  const current = states.find((state) => state.id === value);
  // A row shows its own state (changed at once when picked); the project's list names it otherwise.
  const name = known?.state__name ?? current?.name ?? fallback ?? 'No state';
  return (
    <Picker
      label="State"
      compact={compact}
      value={
        compact ? (
          <>
            <StateIcon group={known ? known.state__group : current?.group} color={known ? known.state__color : current?.color} decorative />
            <span className="app-visually-hidden">{name}</span>
          </>
        ) : current ? (
          <>
            <StateIcon group={current.group} color={current.color} decorative />
            {current.name}
          </>
        ) : (
          <span className="app-picker-placeholder">{fallback ?? 'No state'}</span>
        )
      }
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
      compact={compact}
      value={<><PriorityGlyph priority={value} />{compact ? <span className="app-visually-hidden">{label}</span> : label}</>}
      options={priorityOptions()}
      selected={[value]}
      onPick={(id) => onChange(id as Priority)}
    />
  );
}

/**
 * The assignees picker (several at once): the project's members with their avatars. `compact`
 * shows only the avatars (a row or card), the names staying for assistive technology; `known` are
 * the people the row already names, shown until the project's members load.
 */
export function AssigneePicker({
  choices,
  value,
  onChange,
  compact = false,
  known = [],
}: {
  choices: Choices;
  value: readonly string[];
  onChange(ids: string[]): void;
  compact?: boolean;
  known?: readonly DisplayUser[];
}) {
  const members = choices.members ?? [];
  const chosen = compact ? chosenOf(value, choices.members, known) : members.filter((member) => value.includes(member.id));
  return (
    <Picker
      label="Assignees"
      multiple
      compact={compact}
      empty={!chosen.length}
      value={
        compact ? (
          chosen.length ? <AvatarGroup people={chosen} /> : <EmptyAffordance icon={CircleUserRound} text="No assignees" />
        ) : chosen.length ? (
          <>
            {chosen.map((member) => <Avatar key={member.id} name={member.display_name} src={member.avatar} />)}
            {chosen.map((member) => member.display_name).join(', ')}
          </>
        ) : (
          <span className="app-picker-placeholder">No assignees</span>
        )
      }
      options={memberOptions(members)}
      selected={value}
      onPick={(id) => onChange(toggled(value, id))}
      emptyText={choices.members ? 'No matching members' : 'Loading…'}
    />
  );
}

/**
 * The labels picker (several at once): the project's labels as coloured chips. `compact` shows
 * them as a row does (the first whole, then "+N"); `known` are the labels the row already carries,
 * shown until the project's labels load.
 */
export function LabelPicker({
  choices,
  value,
  onChange,
  compact = false,
  known = [],
}: {
  choices: Choices;
  value: readonly string[];
  onChange(ids: string[]): void;
  compact?: boolean;
  known?: readonly IssueLabel[];
}) {
  const labels = choices.labels ?? [];
  const chosen = compact ? labelsInOrder(value, choices.labels, known) : labels.filter((label) => value.includes(label.id));
  return (
    <Picker
      label="Labels"
      multiple
      compact={compact}
      empty={!chosen.length}
      value={compact ? (chosen.length ? <RowLabels labels={chosen} /> : <EmptyAffordance icon={Tag} text="No labels" />) : chosen.length ? chosen.map((label) => <LabelChip key={label.id} name={label.name} color={label.color} />) : <span className="app-picker-placeholder">No labels</span>}
      options={labelOptions(labels)}
      selected={value}
      onPick={(id) => onChange(toggled(value, id))}
      emptyText={labelsEmptyText(choices.labels)}
    />
  );
}

/**
 * What a labels list says when it shows none: loading, none matching what was typed, or none in the
 * project at all, and where they are made (a project's settings, under Labels).
 */
export function labelsEmptyText(labels: readonly unknown[] | undefined): string {
  if (!labels) return 'Loading…';
  return labels.length ? 'No matching labels' : 'This project has no labels yet. A project admin adds them in its settings, under Labels.';
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
