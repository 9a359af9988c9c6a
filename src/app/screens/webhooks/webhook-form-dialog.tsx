import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type WebhookEvent } from '../../../api-shapes/webhook-events.js';
import { errorMessage, refusedField } from '../../api/api-error.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';

/** How each event is named in the app. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  issue: 'Issues',
  comment: 'Comments',
  cycle: 'Cycles',
  module: 'Modules',
  page: 'Pages',
};

/** What the form yields. */
export interface WebhookValues {
  url: string;
  events: WebhookEvent[];
  is_active: boolean;
}

/** Props of {@link WebhookFormDialog}. */
export interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  submitLabel: string;
  initial?: WebhookValues;
  /** Saves; a rejection's message (the server's refusal) shows in the dialog, which otherwise closes. */
  onSubmit(values: WebhookValues): Promise<void>;
}

/** The dialog registering or changing a webhook: its address, the events it hears and whether it is on. */
export function WebhookFormDialog({ open, onOpenChange, title, ...form }: WebhookFormDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description="Changes of the chosen kinds are sent to this address as signed JSON POST requests.">
      <WebhookForm {...form} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

type WebhookFormProps = Pick<WebhookFormDialogProps, 'submitLabel' | 'initial' | 'onSubmit'> & { close(): void };

function WebhookForm({ submitLabel, initial, onSubmit, close }: WebhookFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<WebhookValues>({
    defaultValues: initial ?? { url: '', events: ['issue'], is_active: true },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({ ...values, url: values.url.trim() });
      close();
    } catch (error) {
      // A refused address is said under the address, and focus goes back to it.
      if (refusedField(error) === 'url') setError('url', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  });
  const eventsError = formState.errors.events?.message;
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <FormError message={failure} />
      <TextField
        label="Payload URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks"
        maxLength={WEBHOOK_URL_MAX}
        error={formState.errors.url?.message}
        {...register('url', { validate: (value) => value.trim() !== '' || 'Payload URL is required.' })}
      />
      <fieldset className="app-fieldset" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend>Events</legend>
        <div className="app-options">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="app-option">
              <input type="checkbox" value={event} {...register('events', { validate: (chosen) => chosen.length > 0 || 'Choose at least one event.' })} />{' '}
              {WEBHOOK_EVENT_LABELS[event]}
            </label>
          ))}
        </div>
        {eventsError ? (
          <p id="webhook-events-error" className="app-field-error" role="alert">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <label className="app-option">
        <input type="checkbox" role="switch" {...register('is_active')} /> Active
      </label>
      <FormDialogActions submit={submitLabel} busy={formState.isSubmitting} />
    </form>
  );
}
