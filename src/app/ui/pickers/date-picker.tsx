import * as Popover from '@radix-ui/react-popover';
import { CalendarDays, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../button.js';
import { formatDay } from '../dates.js';
import { Icon } from '../icon.js';
import { OVERDUE, OverdueMark } from '../overdue.js';
import { useStyles } from '../styles.js';
import { PickerName } from './picker.js';
import { pickersCss } from './pickers.css.js';

/** The words of the date picker's clearing button. */
export const REMOVE_DATE = 'Remove date';

/**
 * A property button showing a day that opens a native date input: Enter (or clicking away) sets
 * the day, "Remove date" clears it, Escape closes without a change.
 */
export function DatePicker({
  label,
  value,
  onPick,
  invalid,
  namedWhenEmpty = false,
  compact = false,
  overdue = false,
}: {
  label: string;
  value: string | null;
  onPick(day: string | null): void;
  invalid?: boolean;
  /** Shows the label instead of "No date" while empty, where nothing else on screen says what the chip is (the create dialog). */
  namedWhenEmpty?: boolean;
  /** In a row or card: the day alone, or a calendar icon while empty (shown on hover and focus), named "{label}: {day}". */
  compact?: boolean;
  /** The day has passed with the work still open: drawn in the danger colour with a mark, and named so ("…, overdue"). */
  overdue?: boolean;
}) {
  useStyles('app-pickers', pickersCss);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const openChange = (next: boolean) => {
    if (next) setDraft(value ?? '');
    setOpen(next);
  };
  const commit = () => {
    setOpen(false);
    if (draft !== (value ?? '')) onPick(draft || null);
  };
  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger
        className="app-picker-button"
        aria-labelledby={!value && namedWhenEmpty ? `${id}-value` : `${id}-label ${id}-value`}
        aria-invalid={invalid || undefined}
        data-compact={compact || undefined}
        data-empty={(compact && !value) || undefined}
        data-overdue={(overdue && !!value) || undefined}
        title={overdue && value ? OVERDUE : undefined}
      >
        <PickerName id={`${id}-label`} label={label} compact={compact} />
        <span id={`${id}-value`} className="app-picker-value" data-empty={value ? undefined : true}>
          {value ? (
            <>
              {compact ? <time dateTime={value}>{formatDay(value)}</time> : formatDay(value)}
              {overdue ? <OverdueMark /> : null}
            </>
          ) : compact ? (
            <>
              <Icon icon={CalendarDays} size="small" />
              <span className="app-visually-hidden">No date</span>
            </>
          ) : namedWhenEmpty ? (
            label
          ) : (
            'No date'
          )}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="app-picker-popup app-date-popup" aria-label={label} align="start" sideOffset={4} collisionPadding={8} onInteractOutside={commit}>
          <label htmlFor={`${id}-input`}>{label}</label>
          <input
            id={`${id}-input`}
            type="date"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              }
            }}
          />
          {value ? (
            <Button
              size="small"
              onClick={() => {
                setOpen(false);
                onPick(null);
              }}
            >
              <Icon icon={Trash2} />
              {REMOVE_DATE}
            </Button>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
