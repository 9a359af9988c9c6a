import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Priority } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { useNotify } from '../../ui/toasts.js';
import { issueKey } from './issue-key.js';

export { PRIORITY_OPTIONS } from './priorities.js';
import { PRIORITY_OPTIONS } from './priorities.js';

interface IssueValues {
  name: string;
  state_id: string;
  priority: Priority;
}

/** The dialog creating an issue in a project: name, state (the project's default first) and priority. */
export function CreateIssueDialog({ slug, projectId, open, onOpenChange }: { slug: string; projectId: string; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Create issue" description="The issue gets the next number of the project.">
      <CreateIssueForm slug={slug} projectId={projectId} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function CreateIssueForm({ slug, projectId, close }: { slug: string; projectId: string; close(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const states = useQuery({ queryKey: queryKeys.states(slug, projectId), queryFn: () => api.states.list(slug, projectId) });
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<IssueValues>({ defaultValues: { name: '', state_id: '', priority: 'none' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const issue = await api.issues.create(slug, projectId, {
        name: values.name.trim(),
        priority: values.priority,
        ...(values.state_id ? { state_id: values.state_id } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) });
      notify({ type: 'success', message: `Issue ${issueKey(issue)} created.` });
      close();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create issue">
      <FormError message={serverError} />
      <TextField
        label="Title"
        maxLength={255}
        error={formState.errors.name?.message}
        {...register('name', { validate: (value) => value.trim() !== '' || 'Issue title is required.' })}
      />
      <div className="app-field">
        <label htmlFor="create-issue-state">State</label>
        <select id="create-issue-state" {...register('state_id')} disabled={!states.data}>
          <option value="">Default state</option>
          {(states.data ?? []).map((state) => (
            <option key={state.id} value={state.id}>
              {state.name}
            </option>
          ))}
        </select>
      </div>
      <div className="app-field">
        <label htmlFor="create-issue-priority">Priority</label>
        <select id="create-issue-priority" {...register('priority')}>
          {PRIORITY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          Create issue
        </Button>
      </div>
    </form>
  );
}
