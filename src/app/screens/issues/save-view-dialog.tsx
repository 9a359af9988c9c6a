import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { VIEW_NAME_MAX } from '../../../api-shapes/issue-display.js';
import { errorMessage } from '../../api/api-error.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';

/** What saving a view asks: its name, and whether the project's other members see it too. */
export interface SaveViewValues {
  name: string;
  shared: boolean;
}

/** The "Save view" dialog: a name and Private / Shared; a refusal's message shows in it, which otherwise closes. */
export function SaveViewDialog({ open, onOpenChange, onSave }: { open: boolean; onOpenChange(open: boolean): void; onSave(values: SaveViewValues): Promise<void> }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Save view" description="Keep this list’s filters, order, grouping, properties and layout under a name.">
      <SaveViewForm onSave={onSave} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function SaveViewForm({ onSave, close }: { onSave(values: SaveViewValues): Promise<void>; close(): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ name: string; access: 'private' | 'shared' }>({ defaultValues: { name: '', access: 'private' } });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave({ name: values.name.trim(), shared: values.access === 'shared' });
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Save view">
      <FormError message={failure} />
      <TextField label="View name" maxLength={VIEW_NAME_MAX} error={formState.errors.name?.message} {...register('name', { validate: (v) => v.trim() !== '' || 'View name is required.' })} />
      <fieldset className="app-field app-view-access">
        <legend>Who sees it</legend>
        <label>
          <input type="radio" value="private" {...register('access')} /> Private: only you
        </label>
        <label>
          <input type="radio" value="shared" {...register('access')} /> Shared: everyone in the project
        </label>
      </fieldset>
      <FormDialogActions submit="Save view" busy={formState.isSubmitting} />
    </form>
  );
}
