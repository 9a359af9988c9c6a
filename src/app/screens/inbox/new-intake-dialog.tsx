import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RichEditorElement } from '../../../react/index.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IntakeIssue } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import { keepIntakeDraft, readIntakeDraft } from '../../editor/text-drafts.js';
import { useEditorHost } from '../../editor/use-editor-host.js';
import { useSignedInUser } from '../../session/session.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { useNotify } from '../../ui/toasts.js';
import { isBlank } from '../issues/issue-draft-content.js';
import { INBOX_WORDS } from './inbox-words.js';

/** Props of {@link NewIntakeDialog}. */
export interface NewIntakeDialogProps {
  slug: string;
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Told about the request once it is filed (the inbox then shows it). */
  onFiled(intake: IntakeIssue): void;
}

/** Files a request in the project's inbox: a title and a description. */
export function NewIntakeDialog({ slug, projectId, open, onOpenChange, onFiled }: NewIntakeDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={INBOX_WORDS.newIntake} description={INBOX_WORDS.newIntakeDescription}>
      {/* Mounted only while open: every opening starts from the request left unfiled, or empty. */}
      <NewIntakeForm slug={slug} projectId={projectId} onFiled={onFiled} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

function NewIntakeForm({ slug, projectId, onFiled, close }: { slug: string; projectId: string; onFiled(intake: IntakeIssue): void; close(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const user = useSignedInUser();
  // Mentions only: a request keeps no images (they would belong to no issue until it is accepted).
  const { uploadFile: _upload, deleteFile: _delete, restoreFile: _restore, ...mentions } = useEditorHost(slug, user.id, { entity_name: 'ISSUE_DESCRIPTION' });
  const editor = useRef<RichEditorElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // What was written and not filed (the dialog closed, another screen, a reload) comes back (text-drafts.ts).
  const [kept] = useState(() => readIntakeDraft(user.id, projectId));
  const { register, handleSubmit, formState, getValues } = useForm<{ name: string }>({ defaultValues: { name: kept?.name ?? '' } });
  const keepWritten = () => {
    const name = getValues('name');
    const html = editor.current?.getHTML() ?? '';
    keepIntakeDraft(user.id, projectId, name.trim() || !isBlank(html) ? { name, html } : null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const html = editor.current?.getHTML() ?? '';
    try {
      const intake = await api.intake.create(slug, projectId, { name: values.name.trim(), ...(isBlank(html) ? {} : { description_html: html }) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.intake(slug, projectId) });
      keepIntakeDraft(user.id, projectId, null);
      notify({ type: 'success', message: INBOX_WORDS.filed(intake.key) });
      onFiled(intake);
      close();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={INBOX_WORDS.newIntake} className="app-new-intake">
      <FormError message={serverError} />
      <TextField
        label={INBOX_WORDS.name}
        maxLength={255}
        error={formState.errors.name?.message}
        {...register('name', { validate: (value) => value.trim() !== '' || INBOX_WORDS.nameRequired, onChange: keepWritten })}
      />
      <div className="app-field">
        <span>{INBOX_WORDS.description}</span>
        <div className="app-inbox-editor">
          <AppEditor ref={editor} value={kept?.html ?? ''} onChange={keepWritten} aria-label={INBOX_WORDS.description} placeholder={INBOX_WORDS.descriptionPlaceholder} {...mentions} />
        </div>
      </div>
      <FormDialogActions submit={INBOX_WORDS.create} busy={formState.isSubmitting} cancel={INBOX_WORDS.cancel} />
    </form>
  );
}
