import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '../../ui/debounce.js';
import { useReturnFocus } from '../../ui/return-focus.js';
import { useStyles } from '../../ui/styles.js';
import { issuePickerCss } from './issue-picker.css.js';
import { PICKER_FAILED, SELECT_AT_LEAST_ONE, pickerIssueKey, type IssueSearchParams, type PickerIssue } from './picker-issue.js';
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
}

/** A dialog that searches issues and lets the user choose several of them. */
export function IssuePickerDialog(props: IssuePickerDialogProps) {
  const { open, onOpenChange, search, onSubmit, title = 'Add issues', submitLabel = 'Add selected issues' } = props;
  useStyles('issue-picker', issuePickerCss);
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ip-overlay" />
        <Dialog.Content className="ip-content" {...returnFocus}>
          <Dialog.Title className="ip-title">{title}</Dialog.Title>
          <Dialog.Description className="ip-description">Search by name or key and select the issues.</Dialog.Description>
          {/* Mounted only while open, so every opening starts with an empty search and selection. */}
          <IssuePickerForm search={search} onSubmit={onSubmit} submitLabel={submitLabel} close={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface IssuePickerFormProps {
  search(params: IssueSearchParams): Promise<PickerIssue[]>;
  onSubmit(issues: PickerIssue[]): void | Promise<void>;
  submitLabel: string;
  close(): void;
}

function IssuePickerForm({ search, onSubmit, submitLabel, close }: IssuePickerFormProps) {
  const [text, setText] = useState('');
  const [workspace, setWorkspace] = useState(false);
  // Kept by id with the whole issue, so a choice survives searches that no longer list it.
  const [selected, setSelected] = useState<ReadonlyMap<string, PickerIssue>>(() => new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const results = useIssueSearch(search, useDebouncedValue(text), workspace);
  const id = useId();
  const switchLabelId = `${id}-workspace`;
  const problemId = `${id}-problem`;

  const toggle = (issue: PickerIssue) => {
    setProblem(null);
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(issue.id)) next.set(issue.id, issue);
      return next;
    });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!selected.size) {
      setProblem(SELECT_AT_LEAST_ONE);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit([...selected.values()]);
    } catch {
      setSubmitting(false);
      setProblem(PICKER_FAILED);
      return;
    }
    close();
  };
  // Enter in the search box would otherwise submit the choice before the results arrive.
  const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <form className="ip-form" onSubmit={submit} noValidate>
      <label className="ip-search">
        Search issues
        <input
          type="search"
          value={text}
          placeholder="Type to search…"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={keepEnter}
        />
      </label>
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
      {selected.size > 0 && (
        <ul className="ip-chosen" aria-label="Selected issues">
          {[...selected.values()].map((issue) => (
            <li key={issue.id}>
              <button type="button" className="ip-chip" aria-label={`Remove ${pickerIssueKey(issue)}`} onClick={() => toggle(issue)}>
                {pickerIssueKey(issue)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="ip-results" aria-describedby={problem ? problemId : undefined} aria-busy={results.status === 'loading'}>
        <legend className="ip-legend">Issues</legend>
        <SearchResults results={results} selected={selected} toggle={toggle} />
      </fieldset>
      <p className="ip-count" aria-live="polite">
        {selected.size} selected
      </p>
      {problem && (
        <p id={problemId} className="ip-error" role="alert">
          {problem}
        </p>
      )}
      <div className="ip-actions">
        <Dialog.Close type="button" className="ip-button">
          Cancel
        </Dialog.Close>
        <button type="submit" className="ip-button ip-primary" disabled={submitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

interface SearchResultsProps {
  results: ReturnType<typeof useIssueSearch>;
  selected: ReadonlyMap<string, PickerIssue>;
  toggle(issue: PickerIssue): void;
}

function SearchResults({ results, selected, toggle }: SearchResultsProps) {
  if (results.status === 'loading') {
    return (
      <p className="ip-note" role="status">
        Loading…
      </p>
    );
  }
  if (results.status === 'error') {
    return (
      <p className="ip-note ip-error" role="alert">
        {PICKER_FAILED}
      </p>
    );
  }
  if (!results.issues.length) {
    return (
      <p className="ip-note" role="status">
        No issues found
      </p>
    );
  }
  return (
    <ul className="ip-list">
      {results.issues.map((issue) => (
        <li key={issue.id}>
          <label className="ip-issue">
            <input type="checkbox" checked={selected.has(issue.id)} onChange={() => toggle(issue)} />
            <span className="ip-dot" style={{ backgroundColor: issue.state__color ?? 'transparent' }} aria-hidden="true" />
            <span className="ip-key">{pickerIssueKey(issue)}</span>
            <span className="ip-name">{issue.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
