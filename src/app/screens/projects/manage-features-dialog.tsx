import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Project, ProjectFeature } from '../../api/types.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError } from '../../ui/form-field.js';
import { useNotify } from '../../ui/toasts.js';
import { PROJECT_FEATURES } from './project-features.js';
import { isolated } from '../../ui/bidi.js';

/** The dialog behind "Manage features": project admins turn cycles, modules, views, pages and inbox on or off. */
export function ManageFeaturesDialog({ slug, project, open, onOpenChange }: { slug: string; project: Project; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Manage features" description={`Choose what ${isolated(project.name)} uses.`}>
      <FeaturesForm slug={slug} project={project} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function FeaturesForm({ slug, project, close }: { slug: string; project: Project; close(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Record<ProjectFeature, boolean>>({
    defaultValues: Object.fromEntries(PROJECT_FEATURES.map(({ feature }) => [feature, project[feature]])) as Record<ProjectFeature, boolean>,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await api.projects.setFeatures(slug, project.id, values);
      queryClient.setQueryData(queryKeys.project(slug, project.id), updated);
      // The project's own sections and the sidebar's list of projects (which shows only the sections turned on).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.project(slug, project.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects(slug), exact: true }),
      ]);
      notify({ type: 'success', message: 'Project features updated.' });
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Manage features">
      <FormError message={failure} />
      <fieldset className="app-fieldset">
        <legend>Features</legend>
        <div className="app-options">
          {PROJECT_FEATURES.map(({ feature, label }) => (
            <label key={feature} className="app-option">
              <input type="checkbox" {...register(feature)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormDialogActions submit="Save" busy={formState.isSubmitting} />
    </form>
  );
}
