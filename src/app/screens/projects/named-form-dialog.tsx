import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/api-error.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { NO_COLOUR } from '../../ui/pickers/index.js';
import { useNotify } from '../../ui/toasts.js';
import { START_AFTER_END } from '../../widgets/date-filter/index.js';
import { isolated } from '../../ui/bidi.js';

/** What the form yields: a name and, with dates, two optional days (null when empty); with a colour, the one chosen (#rrggbb). */
export interface NamedValues {
  name: string;
  start_date: string | null;
  end_date: string | null;
  color?: string;
}

/** Props of {@link NamedFormDialog}. */
export interface NamedFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The name field's label ("Cycle name", "Page name"). */
  nameLabel: string;
  /** With dates: the end field's label ("End date" or "Target date"); without, the form asks for the name only. */
  endLabel?: string;
  /** With a colour: its field's label ("Label color"); the form offers `initial.color`, or grey. */
  colorLabel?: string;
  submitLabel: string;
  initial?: NamedValues;
  /**
   * Saves the values; a rejection's message shows in the dialog, which otherwise closes. `changed`
   * holds the fields that differ from `initial` as the dialog opened (every field without one): an
   * edit sends those alone, so what someone else changed meanwhile is not put back.
   */
  onSubmit(values: NamedValues, changed: Partial<NamedValues>): Promise<void>;
}

/** The fields of `values` that differ from `opened` (all of them without it). */
export function changedFields(values: NamedValues, opened: NamedValues | undefined): Partial<NamedValues> {
  if (!opened) return values;
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== opened[key as keyof NamedValues]));
}

/**
 * The dialog creating or editing something named (a page), named and dated (a cycle, a module: the start on
 * or before the end), or named and coloured (a label, a state).
 */
export function NamedFormDialog({ open, onOpenChange, title, description, ...form }: NamedFormDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <NamedForm {...form} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

interface Draft {
  name: string;
  start_date: string;
  end_date: string;
  color: string;
}

type NamedFormProps = Omit<NamedFormDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { close(): void };

function NamedForm({ nameLabel, endLabel, colorLabel, submitLabel, initial, onSubmit, close }: NamedFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  // What the dialog opened with, as the form reads it: an edit is what differs from this.
  const [opened] = useState(() => initial && { ...initial, color: (initial.color || NO_COLOUR).toLowerCase() });
  const { register, handleSubmit, formState, getValues } = useForm<Draft>({
    defaultValues: { name: initial?.name ?? '', start_date: initial?.start_date ?? '', end_date: initial?.end_date ?? '', color: opened?.color ?? NO_COLOUR },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const named = { name: values.name.trim(), start_date: values.start_date || null, end_date: values.end_date || null };
      const all = colorLabel ? { ...named, color: values.color } : named;
      const changed = changedFields(all, opened);
      // An edit changing nothing has nothing to save.
      if (Object.keys(changed).length) await onSubmit(all, changed);
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <FormError message={failure} />
      <TextField label={nameLabel} maxLength={255} error={formState.errors.name?.message} {...register('name', { validate: (v) => v.trim() !== '' || `${nameLabel} is required.` })} />
      {colorLabel ? <TextField label={colorLabel} type="color" {...register('color')} /> : null}
      {endLabel ? (
        <>
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
        </>
      ) : null}
      <FormDialogActions submit={submitLabel} busy={formState.isSubmitting} />
    </form>
  );
}

/** Props of {@link EditNamedColourDialog}. */
export interface EditNamedColourDialogProps {
  /** What is edited (the dialog is open while it is set). */
  editing: { name: string; color: string } | null;
  onClose(): void;
  /** "Label" or "State": the title, fields, button and toast are named with it. */
  noun: 'Label' | 'State';
  description: string;
  /** Saves the name or colour changed (only those: another's change of the other is kept); resolves with what the server kept. */
  save(changes: { name?: string; color?: string }): Promise<{ name: string }>;
}

/** The dialog renaming and recolouring a label or a state; a saved change is told in a toast. */
export function EditNamedColourDialog({ editing, onClose, noun, description, save }: EditNamedColourDialogProps) {
  const notify = useNotify();
  const lower = noun.toLowerCase();
  return (
    <NamedFormDialog
      open={editing !== null}
      onOpenChange={(open) => void (open || onClose())}
      title={`Edit ${lower}`}
      description={description}
      nameLabel={`${noun} name`}
      colorLabel={`${noun} color`}
      submitLabel={`Save ${lower}`}
      initial={editing ? { name: editing.name, start_date: null, end_date: null, color: editing.color } : undefined}
      onSubmit={async (_values, { name, color }) => {
        const saved = await save({ name, color });
        notify({ type: 'success', message: `${noun} ${isolated(saved.name)} updated.` });
      }}
    />
  );
}
