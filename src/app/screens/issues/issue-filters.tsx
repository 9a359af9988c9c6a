import * as Menu from '@radix-ui/react-dropdown-menu';
import { ListFilter, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { IssueListQuery } from '../../api/issues.js';
import type { Priority, State } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/icon.js';
import { Picker } from '../../ui/pickers/index.js';
import { DateFilter, type DateFilterValue } from '../../widgets/date-filter/index.js';
import { labelOptions, labelsEmptyText, memberOptions, priorityOptions, stateOptions, type ProjectChoices } from './issue-pickers.js';
import { PRIORITY_OPTIONS } from './priorities.js';

/** The filters of a project's issue list (the server applies them all; any of a filter's values matches). */
export interface IssueFilterValues {
  state: string[];
  priority: Priority[];
  /** Issues assigned to any of these people. */
  assignee: string[];
  /** Issues carrying any of these labels. */
  label: string[];
  targetDate: DateFilterValue | null;
}

/** No filter at all. */
export const NO_FILTERS: IssueFilterValues = { state: [], priority: [], assignee: [], label: [], targetDate: null };

/** A filter of the list, as the Filter menu offers it. */
export type IssueFilterKind = keyof IssueFilterValues;

/** The filters the Filter menu offers, in its order, with their names. */
export const ISSUE_FILTERS: ReadonlyArray<{ kind: IssueFilterKind; label: string }> = [
  { kind: 'state', label: 'State' },
  { kind: 'priority', label: 'Priority' },
  { kind: 'assignee', label: 'Assignee' },
  { kind: 'label', label: 'Labels' },
  { kind: 'targetDate', label: 'Target date' },
];

/** Whether a filter holds a value (an empty one filters nothing). */
const isSet = (value: IssueFilterValues, kind: IssueFilterKind) => (kind === 'targetDate' ? value.targetDate !== null : value[kind].length > 0);

/** How many filters hold a value. */
export const activeFilterCount = (value: IssueFilterValues) => ISSUE_FILTERS.filter(({ kind }) => isSet(value, kind)).length;

/** The list route's query for a date filter: before and after are exclusive, a range includes its ends. */
export function targetDateQuery(filter: DateFilterValue | null): Pick<IssueListQuery, 'target_after' | 'target_before' | 'target_from' | 'target_to'> {
  if (!filter) return {};
  if ('type' in filter) return filter.type === 'before' ? { target_before: filter.date } : { target_after: filter.date };
  return { target_from: filter.after, target_to: filter.before };
}

const toggled = <T extends string>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((other) => other !== item) : [...list, item]);

interface FiltersProps {
  states: readonly State[];
  /** The project's members and labels, for those filters (undefined while they load). */
  choices: Pick<ProjectChoices, 'members' | 'labels'>;
  value: IssueFilterValues;
  /** Given how to make the new values from the latest: picks made in quick succession each build on the last. */
  onChange(change: (current: IssueFilterValues) => IssueFilterValues): void;
}

/**
 * The list's filters as Linear shows them: a "Filter" menu that adds a filter, and one chip per
 * filter in use (its picker, and a button that removes it). A filter just added opens its picker.
 */
export function IssueFilters({ states, choices, value, onChange }: FiltersProps) {
  // Filters added from the menu but not yet given a value still show their chip.
  const [added, setAdded] = useState<ReadonlySet<IssueFilterKind>>(new Set());
  // The filter last chosen in the menu: its chip is drawn afresh (keyed by `round`) with its picker open.
  const [opening, setOpening] = useState<{ kind: IssueFilterKind; round: number } | null>(null);
  const chosen = useRef<IssueFilterKind | null>(null);
  const shown = ISSUE_FILTERS.filter(({ kind }) => added.has(kind) || isSet(value, kind));
  const remove = (kind: IssueFilterKind) => {
    setAdded((current) => new Set([...current].filter((other) => other !== kind)));
    onChange((current) => ({ ...current, [kind]: NO_FILTERS[kind] }));
  };
  const chip = (kind: IssueFilterKind) => {
    const open = opening?.kind === kind;
    if (kind === 'state') {
      const names = states.filter((state) => value.state.includes(state.id)).map((state) => state.name);
      return (
        <Picker
          label="State"
          multiple
          defaultOpen={open}
          value={<ChipValue name="State" value={names.length ? names.join(', ') : null} none="Any state" />}
          options={stateOptions(states)}
          selected={value.state}
          onPick={(id) => onChange((current) => ({ ...current, state: toggled(current.state, id) }))}
          emptyText="No matching states"
        />
      );
    }
    if (kind === 'priority') {
      const names = PRIORITY_OPTIONS.filter((option) => value.priority.includes(option.value)).map((option) => option.label);
      return (
        <Picker
          label="Priority"
          multiple
          defaultOpen={open}
          value={<ChipValue name="Priority" value={names.length ? names.join(', ') : null} none="Any priority" />}
          options={priorityOptions()}
          selected={value.priority}
          onPick={(id) => onChange((current) => ({ ...current, priority: toggled(current.priority, id as Priority) }))}
        />
      );
    }
    if (kind === 'assignee' || kind === 'label') {
      const [name, listed, none, missing] =
        kind === 'assignee'
          ? (['Assignee', memberOptions(choices.members), 'Anyone', choices.members ? 'No matching members' : 'Loading…'] as const)
          : (['Labels', labelOptions(choices.labels), 'Any label', labelsEmptyText(choices.labels)] as const);
      const names = listed.filter((option) => value[kind].includes(option.id)).map((option) => option.label);
      return (
        <Picker
          label={name}
          multiple
          defaultOpen={open}
          value={<ChipValue name={name} value={names.length ? names.join(', ') : null} none={none} />}
          options={listed}
          selected={value[kind]}
          onPick={(id) => onChange((current) => ({ ...current, [kind]: toggled(current[kind], id) }))}
          emptyText={missing}
        />
      );
    }
    return <DateFilter label="Target date" defaultOpen={open} value={value.targetDate} onApply={(targetDate) => onChange((current) => ({ ...current, targetDate }))} />;
  };
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button size="small" variant="ghost">
            <Icon icon={ListFilter} size="small" />
            Filter
          </Button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            className="app-menu"
            align="start"
            sideOffset={4}
            onCloseAutoFocus={(event) => {
              // The chosen filter's chip appears once the menu has gone, its picker open and focused.
              const kind = chosen.current;
              chosen.current = null;
              if (!kind) return;
              event.preventDefault();
              setOpening((current) => ({ kind, round: (current?.round ?? 0) + 1 }));
              setAdded((current) => new Set(current).add(kind));
            }}
          >
            {ISSUE_FILTERS.map(({ kind, label }) => (
              <Menu.Item key={kind} className="app-menu-item" onSelect={() => (chosen.current = kind)}>
                {label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {shown.map(({ kind, label }) => (
        <span key={`${kind}-${opening?.kind === kind ? opening.round : 0}`} className="app-filter-chip" role="group" aria-label={`${label} filter`}>
          {chip(kind)}
          <button type="button" className="app-filter-chip-remove" aria-label={`Remove ${label.toLowerCase()} filter`} title={`Remove ${label.toLowerCase()} filter`} onClick={() => remove(kind)}>
            <Icon icon={X} size="small" />
          </button>
        </span>
      ))}
    </>
  );
}

/** A chip's value after the filter's name ("State: Todo"); the picker's hidden label already names it for assistive technology. */
function ChipValue({ name, value, none }: { name: string; value: string | null; none: string }) {
  return (
    <>
      <span className="app-filter-chip-name" aria-hidden="true">
        {name}:
      </span>
      {value ?? <span className="app-picker-placeholder">{none}</span>}
    </>
  );
}
