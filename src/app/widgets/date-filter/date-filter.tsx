import * as Popover from '@radix-ui/react-popover';
import { useId, useState, type FormEvent } from 'react';
import { useStyles } from '../../ui/styles.js';
import { dateFilterCss } from './date-filter.css.js';
import {
  START_AFTER_END,
  dateFilterProblem,
  dateFilterValue,
  defaultDateFilter,
  describeDateFilter,
  type DateFilterType,
  type DateFilterValue,
} from './date-range.js';

/** Props of {@link DateFilter}. */
export interface DateFilterProps {
  /** Called with the filter when the user applies it. */
  onApply(value: DateFilterValue): void;
  /**
   * The applied filter when the host keeps it (controlled); null when none is applied, and the
   * button then shows only its label. Leave it undefined to let the widget keep it.
   */
  value?: DateFilterValue | null;
  /** The filter shown at first when uncontrolled; by default a range from today to the same day next month. */
  defaultValue?: DateFilterValue;
  /** "Today" for the default range (tests pin it). */
  today?: Date;
  /** The visible name of the button that opens the filter. */
  label?: string;
  /** Opens the popover as the filter appears (a filter just added from a menu). */
  defaultOpen?: boolean;
}

interface Draft {
  type: DateFilterType;
  after: string;
  before: string;
  date: string;
}

const TYPES: { value: DateFilterType; label: string }[] = [
  { value: 'before', label: 'Before' },
  { value: 'after', label: 'After' },
  { value: 'range', label: 'Range' },
];

function draftOf(value: DateFilterValue, fallback: { after: string; before: string }): Draft {
  if ('type' in value) return { type: value.type, after: fallback.after, before: fallback.before, date: value.date };
  return { type: 'range', after: value.after, before: value.before, date: value.after };
}

/** A popover that picks a date filter (before, after or a range) and applies it. */
export function DateFilter({ onApply, value, defaultValue, today, label = 'Date', defaultOpen = false }: DateFilterProps) {
  useStyles('date-filter', dateFilterCss);
  const [fallback] = useState(() => defaultDateFilter(today));
  const [own, setOwn] = useState<DateFilterValue>(() => defaultValue ?? fallback);
  const applied = value === undefined ? own : value;
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied ?? fallback, fallback));
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const problem = dateFilterProblem(draft.type, draft.after, draft.before, draft.date);
  const reasonId = `${id}-reason`;
  const backwards = problem === START_AFTER_END;
  /** Whether a field's own value is wrong (a year of five or six digits), not only the range. */
  const wrongYear = (day: string) => !!day && !/^\d{4}-/.test(day);

  const openChange = (next: boolean) => {
    // Reopening starts from what is applied: an unapplied draft is abandoned on close.
    if (next) setDraft(draftOf(applied ?? fallback, fallback));
    setOpen(next);
  };
  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    const chosen = dateFilterValue(draft.type, draft.after, draft.before, draft.date);
    setOwn(chosen);
    setOpen(false);
    onApply(chosen);
  };

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger className="df-trigger">
        {applied ? `${label}: ${describeDateFilter(applied)}` : label}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="df-content" align="start" sideOffset={6}>
          <Popover.Title className="df-title">Filter by date</Popover.Title>
          <form className="df-form" onSubmit={submit} noValidate>
            <fieldset className="df-types">
              <legend>Type</legend>
              {TYPES.map((type) => (
                <label key={type.value} className="df-type">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={type.value}
                    checked={draft.type === type.value}
                    onChange={() => update({ type: type.value })}
                  />
                  {type.label}
                </label>
              ))}
            </fieldset>
            {draft.type === 'range' ? (
              <div className="df-dates">
                <label className="df-field">
                  Start date
                  <input
                    type="date"
                    value={draft.after}
                    max={draft.before || undefined}
                    aria-invalid={backwards || wrongYear(draft.after) || undefined}
                    aria-describedby={problem ? reasonId : undefined}
                    onChange={(event) => update({ after: event.target.value })}
                  />
                </label>
                <label className="df-field">
                  End date
                  <input
                    type="date"
                    value={draft.before}
                    min={draft.after || undefined}
                    aria-invalid={backwards || wrongYear(draft.before) || undefined}
                    aria-describedby={problem ? reasonId : undefined}
                    onChange={(event) => update({ before: event.target.value })}
                  />
                </label>
              </div>
            ) : (
              <div className="df-dates">
                <label className="df-field">
                  Date
                  <input
                    type="date"
                    value={draft.date}
                    aria-invalid={wrongYear(draft.date) || undefined}
                    aria-describedby={problem ? reasonId : undefined}
                    onChange={(event) => update({ date: event.target.value })}
                  />
                </label>
              </div>
            )}
            {problem && (
              <p id={reasonId} className="df-reason" role="alert">
                {problem}
              </p>
            )}
            <div className="df-actions">
              <Popover.Close type="button" className="df-button">
                Cancel
              </Popover.Close>
              <button type="submit" className="df-button df-primary" disabled={problem !== null} aria-describedby={problem ? reasonId : undefined}>
                Apply
              </button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
