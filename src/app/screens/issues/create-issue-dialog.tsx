import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RichEditorElement } from '../../../react/index.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { IssueInput } from '../../api/issues.js';
import { assetIdsInHtml } from '../../api/file-assets.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Priority } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import { useEditorHost } from '../../editor/use-editor-host.js';
import { useProject } from '../../layout/workspace-data.js';
import { useSignedInUser } from '../../session/session.js';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { DatePicker } from '../../ui/pickers/index.js';
import { useNotify } from '../../ui/toasts.js';
import { AssigneePicker, LabelPicker, OptionalPicker, PriorityPicker, StatePicker, usePlanningChoices, useProjectChoices } from './issue-pickers.js';
import { issueKey } from './issue-key.js';
import { PRIORITY_OPTIONS } from './priorities.js';

export { PRIORITY_OPTIONS };

/** The refusal of a start date after the target date (the server's words). */
export const START_AFTER_TARGET = 'The start date cannot be after the target date.';

/** The properties the dialog's pickers hold (the title is a form field). */
interface Picked {
  state_id: string | null;
  priority: Priority;
  assignee_ids: string[];
  label_ids: string[];
  start_date: string | null;
  target_date: string | null;
  cycle_id: string | null;
  module_id: string | null;
}

const NOTHING_PICKED: Picked = { state_id: null, priority: 'none', assignee_ids: [], label_ids: [], start_date: null, target_date: null, cycle_id: null, module_id: null };

/** Whether the editor's HTML holds nothing (only empty paragraphs). */
const isBlank = (html: string) => html.replace(/<p><\/p>|<p><br><\/p>/g, '').trim() === '';

/**
 * The dialog creating an issue in a project: title, description, and the same pickers as the
 * issue page (state, priority, assignees, labels, dates, cycle, module). "Create more" keeps it
 * open, emptied, for the next one.
 */
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
  const user = useSignedInUser();
  const host = useEditorHost(slug, user.id, { entity_name: 'ISSUE_DESCRIPTION' });
  const project = useProject(slug, projectId).data;
  const choices = useProjectChoices(slug, projectId);
  const planning = usePlanningChoices(slug, projectId, project);
  const editor = useRef<RichEditorElement>(null);
  const [picked, setPicked] = useState<Picked>(NOTHING_PICKED);
  const [createMore, setCreateMore] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setFocus } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  // After an issue made with "Create more", the emptied form takes the next title.
  const [created, setCreated] = useState(0);
  useEffect(() => {
    if (created) setFocus('name');
  }, [created, setFocus]);
  const pick = (changes: Partial<Picked>) => setPicked((current) => ({ ...current, ...changes }));
  const datesBackwards = !!(picked.start_date && picked.target_date && picked.start_date > picked.target_date);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (datesBackwards) return setServerError(START_AFTER_TARGET);
    const html = editor.current?.getHTML() ?? '';
    const input: IssueInput = {
      name: values.name.trim(),
      priority: picked.priority,
      ...(picked.state_id ? { state_id: picked.state_id } : {}),
      ...(isBlank(html) ? {} : { description_html: html }),
      ...(picked.assignee_ids.length ? { assignee_ids: picked.assignee_ids } : {}),
      ...(picked.label_ids.length ? { label_ids: picked.label_ids } : {}),
      ...(picked.start_date ? { start_date: picked.start_date } : {}),
      ...(picked.target_date ? { target_date: picked.target_date } : {}),
    };
    try {
      const issue = await api.issues.create(slug, projectId, input);
      // Cycles and modules hold their issues, and images uploaded into the description name theirs: all once it exists.
      const images = input.description_html ? assetIdsInHtml(input.description_html) : [];
      await Promise.all([
        picked.cycle_id ? api.planning.group('cycles').addIssues(slug, projectId, picked.cycle_id, [issue.id]) : null,
        picked.module_id ? api.planning.group('modules').addIssues(slug, projectId, picked.module_id, [issue.id]) : null,
        images.length ? api.fileAssets.attachToIssue(slug, projectId, issue.id, images) : null,
      ]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) });
      notify({ type: 'success', message: `Issue ${issueKey(issue)} created.` });
      if (!createMore) return close();
      reset({ name: '' });
      setPicked(NOTHING_PICKED);
      editor.current?.clear();
      setCreated((count) => count + 1);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create issue" className="app-create-issue">
      <FormError message={serverError} />
      <TextField
        label="Title"
        maxLength={255}
        error={formState.errors.name?.message}
        {...register('name', { validate: (value) => value.trim() !== '' || 'Issue title is required.' })}
      />
      <div className="app-field">
        <span>Description</span>
        <div className="app-editor-box">
          <AppEditor ref={editor} value="" aria-label="Description" placeholder="Add a description…" {...host} />
        </div>
      </div>
      <div className="app-create-issue-properties" role="group" aria-label="Properties">
        <StatePicker choices={choices} value={picked.state_id} fallback="Default state" onChange={(stateId) => pick({ state_id: stateId })} />
        <PriorityPicker value={picked.priority} onChange={(priority) => pick({ priority })} />
        <AssigneePicker choices={choices} value={picked.assignee_ids} onChange={(ids) => pick({ assignee_ids: ids })} />
        <LabelPicker choices={choices} value={picked.label_ids} onChange={(ids) => pick({ label_ids: ids })} />
        <DatePicker label="Start date" value={picked.start_date} invalid={datesBackwards} onPick={(day) => pick({ start_date: day })} />
        <DatePicker label="Target date" value={picked.target_date} invalid={datesBackwards} onPick={(day) => pick({ target_date: day })} />
        {planning.cycleView ? <OptionalPicker label="Cycle" none="No cycle" items={planning.cycles} value={picked.cycle_id} onChange={(cycleId) => pick({ cycle_id: cycleId })} /> : null}
        {planning.moduleView ? <OptionalPicker label="Module" none="No module" items={planning.modules} value={picked.module_id} onChange={(moduleId) => pick({ module_id: moduleId })} /> : null}
      </div>
      <div className="app-dialog-actions">
        <label className="app-switch">
          <input type="checkbox" role="switch" checked={createMore} onChange={(event) => setCreateMore(event.target.checked)} />
          Create more
        </label>
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
