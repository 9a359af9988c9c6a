import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { queryKeys } from '../api/query-keys.js';
import { normalizeSlug, SLUG_MAX_LENGTH, slugProblem } from '../../api-shapes/workspace-slug.js';
import { paths } from '../router/paths.js';
import { Button } from '../ui/button.js';
import { FormError, TextField } from '../ui/form-field.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { useStyles } from '../ui/styles.js';
import { authCss } from './auth.css.js';

/** A slug suggested from a workspace name: lower-case words joined by hyphens. */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH);
}

/** Why a slug cannot be used, with the server's own sentences, or true when it can. */
export function checkSlug(raw: string): true | string {
  return slugProblem(normalizeSlug(raw)) ?? true;
}

interface WorkspaceValues {
  name: string;
  slug: string;
}

/** Creating a workspace: its name and URL (the spec's reserved slugs refused here and by the server). */
export function CreateWorkspaceScreen() {
  useStyles('app-auth', authCss);
  useDocumentTitle('Create a workspace');
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue, getFieldState, watch } = useForm<WorkspaceValues>({ defaultValues: { name: '', slug: '' } });
  const slug = watch('slug');

  const nameField = register('name', { validate: (value) => value.trim() !== '' || 'Workspace name is required.' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const workspace = await api.workspaces.create({ name: values.name.trim(), slug: normalizeSlug(values.slug) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
      navigate(paths.workspace(workspace.slug), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <main className="app-auth">
      <div className="app-auth-card">
        <h1>Create a workspace</h1>
        <p>A workspace holds your team's projects.</p>
        <form onSubmit={onSubmit} noValidate aria-label="Create a workspace">
          <FormError message={serverError} />
          <TextField
            label="Workspace name"
            maxLength={80}
            error={formState.errors.name?.message}
            {...nameField}
            onChange={(event) => {
              void nameField.onChange(event);
              // The URL follows the name until the user edits it themselves.
              if (!getFieldState('slug').isDirty) setValue('slug', slugFromName(event.target.value));
            }}
          />
          <TextField
            label="Workspace URL"
            hint={`${window.location.origin}/${slug || 'your-workspace'}`}
            maxLength={SLUG_MAX_LENGTH}
            autoCapitalize="none"
            spellCheck={false}
            error={formState.errors.slug?.message}
            {...register('slug', { validate: checkSlug })}
          />
          <div className="app-auth-actions">
            <Link to={paths.root()}>Cancel</Link>
            <Button type="submit" variant="primary" busy={formState.isSubmitting}>
              Create workspace
            </Button>
          </div>
        </form>
      </div>
    </main>
  );
}
