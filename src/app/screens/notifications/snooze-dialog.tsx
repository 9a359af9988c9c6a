import { useId, useState, type FormEvent } from 'react';
import { useSubmission } from '../../ui/use-submission.js';
import { AppDialog } from '../../ui/dialog.js';
import { Button } from '../../ui/button.js';
import { FormError } from '../../ui/form-field.js';
import { NOTIFICATION_WORDS } from './notification-words.js';

/** The day after today as `YYYY-MM-DD` in local time: the first day a snooze can end on. */
function tomorrow(): string {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The start of `day` (`YYYY-MM-DD`) in local time, as the server takes it (ISO 8601). */
function startOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).toISOString();
}

/**
 * Asks for the day a notification (or an inbox request) should come back on and snoozes it until that day starts;
 * the server's refusal (a day already begun, a date it cannot read) stays in the dialog.
 */
export function SnoozeDialog({
  open,
  onOpenChange,
  onSnooze,
  title = NOTIFICATION_WORDS.snoozeTitle,
  description = NOTIFICATION_WORDS.snoozeDescription,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSnooze(till: string): Promise<unknown>;
  /** The dialog's title and description: a notification's by default (the inbox snoozes its requests with it too). */
  title?: string;
  description?: string;
  /** Where focus goes as the dialog closes (preventDefault to put it elsewhere than where it came from). */
  onCloseAutoFocus?(event: Event): void;
}) {
  const id = useId();
  const [day, setDay] = useState(tomorrow);
  const { busy, failure, run } = useSubmission();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => onSnooze(startOf(day)))) onOpenChange(false);
  };
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description={description} size="small" {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}>
      <form onSubmit={submit} noValidate>
        <div className="app-field">
          <label htmlFor={id}>{NOTIFICATION_WORDS.snoozeUntil}</label>
          <input id={id} type="date" required min={tomorrow()} value={day} onChange={(event) => setDay(event.target.value)} />
        </div>
        <FormError message={failure} />
        <div className="app-dialog-actions">
          <Button onClick={() => onOpenChange(false)}>{NOTIFICATION_WORDS.cancel}</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!day}>
            {NOTIFICATION_WORDS.snooze}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
