import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/api-error.js';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';

/** A dialog creating something that needs only a name (a cycle, a module, a page). */
export function CreateNamedDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  onCreate,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  onCreate(name: string): Promise<void>;
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <NameForm label={label} submitLabel={submitLabel} onCreate={onCreate} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function NameForm({ label, submitLabel, onCreate, close }: { label: string; submitLabel: string; onCreate(name: string): Promise<void>; close(): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const onSubmit = handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      await onCreate(name.trim());
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <FormError message={failure} />
      <TextField label={label} maxLength={255} error={formState.errors.name?.message} {...register('name', { validate: (v) => v.trim() !== '' || `${label} is required.` })} />
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
