import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import { paths } from '../../router/paths.js';
import { Button } from '../../ui/button.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { useNotify } from '../../ui/toasts.js';
import { useUnsplashConfigured, useUploadLimit } from '../../editor/use-upload-limit.js';
import { CoverPickerPopover } from '../../widgets/cover-picker/index.js';
import { defaultCover } from './project-card.js';
import { useStyles } from '../../ui/styles.js';
import { screensCss } from '../screens.css.js';
import { isolated } from '../../ui/bidi.js';

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
  const [cover, setCover] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue, getFieldState, watch } = useForm<ProjectValues>({
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
        // The server takes the cover with the project, so it never exists without it.
        ...(cover ? { cover_image: cover } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects(slug) });
      notify({ type: 'success', message: `Project ${isolated(project.name)} created.` });
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
      <CoverField slug={slug} identifier={watch('identifier')} value={cover} onChange={setCover} />
      <FormDialogActions submit="Create project" busy={formState.isSubmitting} />
    </form>
  );
}

/** The cover of the project being created: a preview (the chosen image, or the default the card will show) and the picker. */
function CoverField({ slug, identifier, value, onChange }: { slug: string; identifier: string; value: string | null; onChange(url: string | null): void }) {
  const api = useApi();
  const uploadLimit = useUploadLimit();
  const unsplashConfigured = useUnsplashConfigured();
  // The dialog also opens from screens that have not loaded these styles.
  useStyles('app-screens', screensCss);
  return (
    <fieldset className="app-fieldset app-cover-field">
      <legend>Cover</legend>
      <div className="app-inline-form">
        {value ? (
          <img className="app-cover-preview" src={value} alt="Chosen cover" width={160} height={54} />
        ) : (
          <div
            className="app-cover-preview"
            role="img"
            aria-label="Default cover"
            style={{ backgroundImage: defaultCover({ identifier: identifier.trim().toUpperCase(), id: '' }) }}
          />
        )}
        <CoverPickerPopover
          triggerLabel={value ? 'Change cover' : 'Choose a cover'}
          value={value}
          listCovers={() => api.covers.list()}
          maxSize={uploadLimit}
          searchUnsplash={(query) => api.covers.searchUnsplash(query)}
          unsplashConfigured={unsplashConfigured}
          upload={async (file, onProgress) => {
            // No project id yet: the upload is tied to the project by the cover_image it becomes.
            const asset = await api.fileAssets.upload(slug, file, { entity_name: 'PROJECT_COVER' });
            onProgress(100);
            return asset.asset;
          }}
          onSelect={onChange}
        />
        {value ? (
          <Button variant="ghost" onClick={() => onChange(null)}>
            Remove cover
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
