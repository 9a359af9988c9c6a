import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { RichEditorElement } from '../../../react/index.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { IssueInput } from '../../api/issues.js';
import { assetIdsInHtml } from '../../api/file-assets.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueDetail, IssueDraft } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import { useEditorHost } from '../../editor/use-editor-host.js';
import { useProject } from '../../layout/workspace-data.js';
import { useSignedInUser } from '../../session/session.js';
import { Button } from '../../ui/button.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { DatePicker } from '../../ui/pickers/index.js';
import { useNotify } from '../../ui/toasts.js';
import { submitOnModEnter } from '../../widgets/command-palette/shortcuts.js';
import { AssigneePicker, LabelPicker, OptionalPicker, PriorityPicker, StatePicker, usePlanningChoices, useProjectChoices } from './issue-pickers.js';
import { isBlank, NOTHING_PICKED, pickedOf, type DialogContent, type Picked } from './issue-draft-content.js';
import { EstimatePicker, useEstimate } from './issue-estimate.js';
import { useDraftKeeping } from './use-draft-keeping.js';
import { issueKey } from './issue-key.js';
import { PRIORITY_OPTIONS } from './priorities.js';
import { useSubmission } from '../../ui/use-submission.js';

export { PRIORITY_OPTIONS };

/** The refusal of a start date after the target date (the server's words). */
export const START_AFTER_TARGET = 'The start date cannot be after the target date.';

/** Props of {@link CreateIssueDialog}. */
export interface CreateIssueDialogProps {
  slug: string;
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A kept draft to go on with: closing again updates it, creating the issue publishes it. */
  draft?: IssueDraft;
  /** The issue the new one is a sub-issue of (from that issue's page). */
  parentId?: string;
}

/**
 * The dialog creating an issue in a project: title, description, and the same pickers as the
 * issue page (state, priority, assignees, labels, dates, cycle, module). "Create more" keeps it
 * open, emptied, for the next one. Closed with something in it (Cancel, Escape, outside), it
 * keeps what it holds as a draft on the server first; should that fail, it says so and stays open.
 */
export function CreateIssueDialog({ slug, projectId, open, onOpenChange, draft, parentId }: CreateIssueDialogProps) {
  // The form decides how the dialog closes: it may have a draft to keep first.
  const requestClose = useRef<(() => void) | null>(null);
  const change = (next: boolean) => (next || !requestClose.current ? onOpenChange(next) : requestClose.current());
  return (
    <AppDialog open={open} onOpenChange={change} title="Create issue" description={draft ? DRAFT_DESCRIPTION : parentId ? SUB_ISSUE_DESCRIPTION : 'The issue gets the next number of the project.'}>
      <CreateIssueForm slug={slug} projectId={projectId} draft={draft} parentId={parentId} requestClose={requestClose} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

/** The dialog's description when it creates a sub-issue. */
export const SUB_ISSUE_DESCRIPTION = 'The new issue is a sub-issue of this one and gets the next number of the project.';

/** The dialog's description while it holds a kept draft. */
export const DRAFT_DESCRIPTION = 'A draft you kept. Creating the issue removes it from your drafts.';

interface FormProps {
  slug: string;
  projectId: string;
  draft: IssueDraft | undefined;
  parentId: string | undefined;
  requestClose: RefObject<(() => void) | null>;
  close(): void;
}

function CreateIssueForm({ slug, projectId, draft, parentId, requestClose, close }: FormProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const user = useSignedInUser();
  const host = useEditorHost(slug, user.id, { entity_name: 'ISSUE_DESCRIPTION' });
  const project = useProject(slug, projectId).data;
  const choices = useProjectChoices(slug, projectId);
  const planning = usePlanningChoices(slug, projectId, project);
  const editor = useRef<RichEditorElement>(null);
  const estimate = useEstimate(slug, projectId).data;
  // A sub-issue's dialog opens with its parent picked: that alone is nothing to keep as a draft, and "Create more" keeps it.
  const [start] = useState<Picked>(() => ({ ...NOTHING_PICKED, parent_id: parentId ?? null }));
  const [picked, setPicked] = useState<Picked>(() => (draft ? pickedOf(draft) : start));
  const parents = useQuery({
    queryKey: [...queryKeys.issues(slug, projectId), 'parent-candidates'],
    queryFn: ({ signal }) => api.issues.search(slug, projectId, {}, signal),
  });
  const parentItems = parents.data?.map((issue) => ({ id: issue.id, name: `${issueKey(issue)} ${issue.name}` }));
  const knownParent = picked.parent_id ? queryClient.getQueryData<IssueDetail>(queryKeys.issue(slug, projectId, picked.parent_id)) : undefined;
  // Estimates turned off in the project: the dialog shows no estimate and keeps none.
  const held = (): Picked => (estimate?.enabled ? picked : { ...picked, estimate_point: null });
  const [createMore, setCreateMore] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setFocus, getValues } = useForm<{ name: string }>({ defaultValues: { name: draft?.name ?? '' } });
  const content = (): DialogContent => ({ name: getValues('name'), html: editor.current?.getHTML() ?? '', picked: held(), start });
  const keeping = useDraftKeeping({ slug, projectId, draft, close });
  requestClose.current = () => void keeping.close(content());
  // After an issue made with "Create more", the emptied form takes the next title.
  const [created, setCreated] = useState(0);
  useEffect(() => {
    if (created) setFocus('name');
  }, [created, setFocus]);
  const pick = (changes: Partial<Picked>) => {
    keeping.touch();
    setPicked((current) => ({ ...current, ...changes }));
  };
  const datesBackwards = !!(picked.start_date && picked.target_date && picked.start_date > picked.target_date);

  const create = async (values: { name: string }) => {
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
      ...(picked.parent_id ? { parent_id: picked.parent_id } : {}),
      ...(held().estimate_point !== null ? { estimate_point: held().estimate_point } : {}),
    };
    try {
      // A kept draft is saved as the dialog holds it, then published: the server puts the issue in its cycle and module.
      const fromDraft = keeping.draftId !== null;
      const issue = fromDraft ? await keeping.publish(content()) : await api.issues.create(slug, projectId, input);
      // Cycles and modules hold their issues, and images uploaded into the description name theirs: all once it exists.
      const images = input.description_html ? assetIdsInHtml(input.description_html) : [];
      await Promise.all([
        picked.cycle_id && !fromDraft ? api.planning.group('cycles').addIssues(slug, projectId, picked.cycle_id, [issue.id]) : null,
        picked.module_id && !fromDraft ? api.planning.group('modules').addIssues(slug, projectId, picked.module_id, [issue.id]) : null,
        images.length ? api.fileAssets.attachToIssue(slug, projectId, issue.id, images) : null,
      ]);
      // Not waited for: the dialog closes (or empties) at once, and the lists catch up behind it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) });
      notify({ type: 'success', message: `Issue ${issueKey(issue)} created.` });
      if (!createMore) return close();
      reset({ name: '' });
      setPicked(start);
      keeping.forget();
      editor.current?.clear();
      setCreated((count) => count + 1);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  // One at a time: a second Ctrl+Enter or Enter while the issue is being created sends nothing.
  const sending = useSubmission();
  const onSubmit = handleSubmit((values) => sending.run(() => create(values)));

  return (
    <form onSubmit={onSubmit} onKeyDownCapture={submitOnModEnter(() => void onSubmit())} noValidate aria-label="Create issue" className="app-create-issue">
      <FormError message={serverError ?? keeping.error} />
      <TextField
        label="Title"
        maxLength={255}
        error={formState.errors.name?.message}
        {...register('name', { validate: (value) => value.trim() !== '' || 'Issue title is required.', onChange: keeping.touch })}
      />
      <div className="app-field">
        <span>Description</span>
        <div className="app-editor-box">
          <AppEditor ref={editor} value={draft?.description_html ?? ''} onChange={keeping.touch} aria-label="Description" placeholder="Add a description…" {...host} />
        </div>
      </div>
      <div className="app-create-issue-properties" role="group" aria-label="Properties">
        <StatePicker choices={choices} value={picked.state_id} fallback="Default state" onChange={(stateId) => pick({ state_id: stateId })} />
        <PriorityPicker value={picked.priority} onChange={(priority) => pick({ priority })} />
        <AssigneePicker choices={choices} value={picked.assignee_ids} onChange={(ids) => pick({ assignee_ids: ids })} />
        <LabelPicker choices={choices} value={picked.label_ids} onChange={(ids) => pick({ label_ids: ids })} />
        <DatePicker label="Start date" namedWhenEmpty value={picked.start_date} invalid={datesBackwards} onPick={(day) => pick({ start_date: day })} />
        <DatePicker label="Target date" namedWhenEmpty value={picked.target_date} invalid={datesBackwards} onPick={(day) => pick({ target_date: day })} />
        {planning.cycleView ? <OptionalPicker label="Cycle" none="No cycle" items={planning.cycles} value={picked.cycle_id} onChange={(cycleId) => pick({ cycle_id: cycleId })} /> : null}
        {planning.moduleView ? <OptionalPicker label="Module" none="No module" items={planning.modules} value={picked.module_id} onChange={(moduleId) => pick({ module_id: moduleId })} /> : null}
        {estimate?.enabled ? <EstimatePicker estimate={estimate} value={picked.estimate_point} onChange={(value) => pick({ estimate_point: value })} /> : null}
        <OptionalPicker
          label="Parent"
          none="No parent"
          items={parentItems}
          value={picked.parent_id}
          currentName={knownParent ? `${issueKey(knownParent)} ${knownParent.name}` : undefined}
          onChange={(id) => pick({ parent_id: id })}
        />
      </div>
      <FormDialogActions
        submit="Create issue"
        busy={formState.isSubmitting}
        cancelBusy={keeping.saving}
        extra={
          <>
            <label className="app-switch">
              <input type="checkbox" role="switch" checked={createMore} onChange={(event) => setCreateMore(event.target.checked)} />
              Create more
            </label>
            {keeping.error ? <Button onClick={close}>Discard</Button> : null}
          </>
        }
      />
    </form>
  );
}
