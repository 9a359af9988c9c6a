import { useId, useState } from 'react';
import { useDebouncedValue } from '../../ui/debounce.js';
import { AppDialog } from '../../ui/dialog.js';
import { useStyles } from '../../ui/styles.js';
import { issueKey } from '../issue-checklist/checklist-issue.js';
import { IssueChecklist, useIssueChecklist } from '../issue-checklist/issue-checklist.js';
import { issuePickerCss } from './issue-picker.css.js';
import { PICKER_FAILED, type IssueSearchParams, type PickerIssue } from './picker-issue.js';
import { useIssueSearch } from './use-issue-search.js';

/** Props of {@link IssuePickerDialog}. */
export interface IssuePickerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Searches the project's (or, with workspace_search, the workspace's) issues. */
  search(params: IssueSearchParams): Promise<PickerIssue[]>;
  /** Receives the chosen issues; the dialog closes once it resolves and stays open if it rejects. */
  onSubmit(issues: PickerIssue[]): void | Promise<void>;
  /** The dialog's title. */
  title?: string;
  /** The submit button's label. */
  submitLabel?: string;
  /** One issue at most (choosing another replaces it), from this project only (no workspace-level search). */
  single?: boolean;
  /** Offers the workspace-level search switch (yes unless said: issues of one project only need none). */
  workspaceSearch?: boolean;
  /** Where focus goes as the dialog closes (preventDefault to put it elsewhere than where it came from). */
  onCloseAutoFocus?(event: Event): void;
}

/** A dialog that searches issues and lets the user choose several of them. */
export function IssuePickerDialog(props: IssuePickerDialogProps) {
  const { open, onOpenChange, search, onSubmit, title = 'Add issues', submitLabel = 'Add selected issues', single = false, workspaceSearch = true, onCloseAutoFocus } = props;
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Search by name or key and select the issues."
      size="large"
      placement="top"
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
    >
      {/* Mounted only while open, so every opening starts with an empty search and selection. */}
      <IssuePickerForm search={search} onSubmit={onSubmit} submitLabel={submitLabel} single={single} workspaceSearch={workspaceSearch && !single} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

interface IssuePickerFormProps {
  search(params: IssueSearchParams): Promise<PickerIssue[]>;
  onSubmit(issues: PickerIssue[]): void | Promise<void>;
  submitLabel: string;
  single: boolean;
  workspaceSearch: boolean;
  close(): void;
}

function IssuePickerForm({ search, onSubmit, submitLabel, single, workspaceSearch, close }: IssuePickerFormProps) {
  useStyles('issue-picker', issuePickerCss);
  const [text, setText] = useState('');
  const [workspace, setWorkspace] = useState(false);
  const checklist = useIssueChecklist<PickerIssue>({ single });
  const results = useIssueSearch(search, useDebouncedValue(text), workspace);
  const switchLabelId = `${useId()}-workspace`;
  const chosen = [...checklist.selected.values()];

  const submit = async () => {
    try {
      if (!(await checklist.submit(chosen, onSubmit))) return;
    } catch {
      checklist.setProblem(PICKER_FAILED);
      return;
    }
    close();
  };

  return (
    <IssueChecklist
      state={checklist}
      query={text}
      onQueryChange={setText}
      placeholder="Type to search…"
      results={results}
      count={chosen.length}
      submitLabel={submitLabel}
      kind="primary"
      onSubmit={() => void submit()}
    >
      {workspaceSearch ? (
        <div className="ip-toggle">
          <span id={switchLabelId}>Workspace-level search</span>
          <button
            type="button"
            role="switch"
            className="ip-switch"
            aria-checked={workspace}
            aria-labelledby={switchLabelId}
            onClick={() => setWorkspace((current) => !current)}
          >
            <span className="ip-thumb" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {chosen.length > 0 && (
        <ul className="ip-chosen" aria-label="Selected issues">
          {chosen.map((issue) => (
            <li key={issue.id}>
              <button type="button" className="ip-chip" aria-label={`Remove ${issueKey(issue)}`} onClick={() => checklist.toggle(issue)}>
                {issueKey(issue)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </IssueChecklist>
  );
}
