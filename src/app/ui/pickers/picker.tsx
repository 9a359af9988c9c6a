import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStyles } from '../styles.js';
import { pickersCss } from './pickers.css.js';

/** One choice of a picker: its id, the words shown (and filtered on), and an optional icon. */
export interface PickerOption {
  id: string;
  label: string;
  icon?: ReactNode;
}

/** Props of {@link Picker}. */
export interface PickerProps {
  /** The property's name ("State"), shown beside the button and naming the list. */
  label: string;
  /** What the button shows for the current value. */
  value: ReactNode;
  options: readonly PickerOption[];
  /** The ids currently chosen. */
  selected: readonly string[];
  /** Several values at once (assignees, labels): picking toggles and the list stays open. */
  multiple?: boolean;
  /** Called with the picked (or toggled) option's id. */
  onPick(id: string): void;
  /** Shown in the list while its options load or when none match. */
  emptyText?: string;
  /** Opens the list as the picker appears (a filter just added from a menu). */
  defaultOpen?: boolean;
  /** In a row or card: named "{label}: {value}" for assistive technology, as the row's read-only icons are. */
  compact?: boolean;
  /** No value chosen: a compact picker then shows its affordance only on hover and focus. */
  empty?: boolean;
}

/**
 * A property button showing its value that opens a filterable listbox: type to filter, arrows to
 * move, Enter (or Space while the filter is empty) to pick, Escape to close back to the button.
 */
export function Picker({ label, value, options, selected, multiple = false, onPick, emptyText = 'No matches', defaultOpen = false, compact = false, empty = false }: PickerProps) {
  useStyles('app-pickers', pickersCss);
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const query = filter.trim().toLowerCase();
  const shown = query ? options.filter((option) => option.label.toLowerCase().includes(query)) : options;
  const current = shown[Math.min(active, shown.length - 1)];

  const openChange = (next: boolean) => {
    if (next) {
      setFilter('');
      // The list opens on the (first) chosen value, as a native select does.
      setActive(Math.max(0, options.findIndex((option) => selected.includes(option.id))));
    }
    setOpen(next);
  };
  const pick = (option: PickerOption | undefined) => {
    if (!option) return;
    onPick(option.id);
    if (!multiple) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = { ArrowDown: active >= last ? 0 : active + 1, ArrowUp: active <= 0 ? last : active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, moves[event.key]!));
    } else if (event.key === 'Enter' || (event.key === ' ' && filter === '')) {
      event.preventDefault();
      pick(current);
    }
  };
  const optionId = (option: PickerOption) => `${id}-option-${option.id}`;
  const activeId = open && current ? optionId(current) : null;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger
        className="app-picker-button"
        aria-haspopup="listbox"
        aria-labelledby={`${id}-label ${id}-value`}
        data-compact={compact || undefined}
        data-empty={empty || undefined}
      >
        <PickerName id={`${id}-label`} label={label} compact={compact} />
        <span id={`${id}-value`} className="app-picker-value">
          {value}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="app-picker-popup" aria-label={label} align="start" sideOffset={4} collisionPadding={8}>
          <input
            className="app-picker-filter"
            role="combobox"
            aria-label={`Filter ${label.toLowerCase()}`}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={current ? optionId(current) : undefined}
            placeholder="Type to filter…"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul id={`${id}-list`} role="listbox" aria-label={label} aria-multiselectable={multiple || undefined} className="app-picker-list">
            {shown.map((option) => {
              const chosen = selected.includes(option.id);
              return (
                <li
                  key={option.id}
                  id={optionId(option)}
                  role="option"
                  aria-selected={chosen}
                  data-active={option === current || undefined}
                  className="app-picker-option"
                  // The filter keeps the focus: the list is driven through aria-activedescendant.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(shown.indexOf(option))}
                  onClick={() => pick(option)}
                >
                  {option.icon}
                  <span className="app-picker-option-label">{option.label}</span>
                  <span className="app-picker-check" aria-hidden="true">
                    {chosen ? '✓' : ''}
                  </span>
                </li>
              );
            })}
          </ul>
          {shown.length === 0 ? <p className="app-picker-empty">{emptyText}</p> : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** A picker button's hidden name, "{label}:" when compact so it reads as the row's read-only values do ("Priority: High"). */
export function PickerName({ id, label, compact }: { id: string; label: string; compact: boolean }) {
  return (
    <span id={id} className="app-visually-hidden">
      {compact ? `${label}: ` : label}
    </span>
  );
}
