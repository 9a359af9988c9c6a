import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/api-error.js';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { START_AFTER_END } from '../../widgets/date-filter/index.js';

/** What the form yields: a name and two optional days (null when empty). */
export interface PlanningValues {
  name: string;
  start_date: string | null;
  end_date: string | null;
}

interface FormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The name field's label ("Cycle name"). */
  nameLabel: string;
  /** The end field's label ("End date" or "Target date"). */
  endLabel: string;
  submitLabel: string;
  initial?: PlanningValues;
  onSubmit(values: PlanningValues): Promise<void>;
}

/** The dialog creating or editing a cycle or a module: name and dates (the start on or before the end). */
export function PlanningFormDialog({ open, onOpenChange, title, description, ...form }: FormDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <PlanningForm {...form} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

interface Draft {
  name: string;
  start_date: string;
  end_date: string;
}

function PlanningForm({ nameLabel, endLabel, submitLabel, initial, onSubmit, close }: Omit<FormDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { close(): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<Draft>({
    defaultValues: { name: initial?.name ?? '', start_date: initial?.start_date ?? '', end_date: initial?.end_date ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({ name: values.name.trim(), start_date: values.start_date || null, end_date: values.end_date || null });
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <FormError message={failure} />
      <TextField label={nameLabel} maxLength={255} error={formState.errors.name?.message} {...register('name', { validate: (v) => v.trim() !== '' || `${nameLabel} is required.` })} />
      <TextField label="Start date" type="date" {...register('start_date', { deps: ['end_date'] })} />
      <TextField
        label={endLabel}
        type="date"
        error={formState.errors.end_date?.message}
        {...register('end_date', {
          validate: (end) => {
            const start = getValues('start_date');
            return !start || !end || start <= end || START_AFTER_END;
          },
        })}
      />
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
