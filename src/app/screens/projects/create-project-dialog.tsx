import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import { paths } from '../../router/paths.js';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { useNotify } from '../../ui/toasts.js';

/** An identifier suggested from a project name: its letters and digits, upper-case, at most 5. */
export function identifierFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 5);
}

interface ProjectValues {
  name: string;
  identifier: string;
  description: string;
}

/** The dialog creating a project in workspace `slug`; goes to its issues once created. */
export function CreateProjectDialog({ slug, open, onOpenChange }: { slug: string; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Create project" description="A project holds issues, cycles, modules, views and pages.">
      <CreateProjectForm slug={slug} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function CreateProjectForm({ slug, close }: { slug: string; close(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue, getFieldState } = useForm<ProjectValues>({
    defaultValues: { name: '', identifier: '', description: '' },
  });
  const nameField = register('name', { validate: (value) => value.trim() !== '' || 'Project name is required.' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const project = await api.projects.create(slug, {
        name: values.name.trim(),
        identifier: values.identifier.trim().toUpperCase(),
        description: values.description.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects(slug) });
      notify({ type: 'success', message: `Project ${project.name} created.` });
      close();
      navigate(paths.projectIssues(slug, project.id));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create project">
      <FormError message={serverError} />
      <TextField
        label="Name"
        maxLength={255}
        error={formState.errors.name?.message}
        {...nameField}
        onChange={(event) => {
          void nameField.onChange(event);
          if (!getFieldState('identifier').isDirty) setValue('identifier', identifierFromName(event.target.value));
        }}
      />
      <TextField
        label="Identifier"
        hint="Letters and numbers, at most 12. Issue keys start with it (WEB-12)."
        maxLength={12}
        autoCapitalize="characters"
        spellCheck={false}
        error={formState.errors.identifier?.message}
        {...register('identifier', {
          validate: (value) =>
            /^[A-Za-z0-9]{1,12}$/.test(value.trim()) || (value.trim() ? 'Project identifier can only contain letters and numbers, at most 12.' : 'Project identifier is required.'),
        })}
      />
      <TextField label="Description" {...register('description')} />
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          Create project
        </Button>
      </div>
    </form>
  );
}
