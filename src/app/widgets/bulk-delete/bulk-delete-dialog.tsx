import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useReturnFocus } from '../../ui/return-focus.js';
import { useStyles } from '../../ui/styles.js';
import { bulkDeleteCss } from './bulk-delete.css.js';
import { issueKey, matchesIssue, type ListedIssue } from './listed-issue.js';
import { DELETED_TOAST, DELETE_FAILED_TOAST, SELECT_AT_LEAST_ONE, type Notify } from './messages.js';

/** Props of {@link BulkDeleteDialog}. */
export interface BulkDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The project's issues, as listed. */
  issues: ListedIssue[];
  /** Deletes the issues with these ids; rejects when that failed. */
  onDelete(ids: string[]): Promise<void>;
  notify: Notify;
}

/** A dialog to pick several of a project's issues and delete them at once. */
export function BulkDeleteDialog({ open, onOpenChange, issues, onDelete, notify }: BulkDeleteDialogProps) {
  useStyles('bulk-delete', bulkDeleteCss);
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="bd-overlay" />
        <Dialog.Content className="bd-content" {...returnFocus}>
          <Dialog.Title className="bd-title">Delete issues</Dialog.Title>
          <Dialog.Description className="bd-description">Select the issues to delete. This cannot be undone.</Dialog.Description>
          {/* Mounted only while open, so every opening starts with an empty search and selection. */}
          <BulkDeleteForm issues={issues} onDelete={onDelete} notify={notify} close={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface BulkDeleteFormProps {
  issues: ListedIssue[];
  onDelete(ids: string[]): Promise<void>;
  notify: Notify;
  close(): void;
}

function BulkDeleteForm({ issues, onDelete, notify, close }: BulkDeleteFormProps) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [missing, setMissing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const shown = issues.filter((issue) => matchesIssue(issue, query));
  // Issues that left the list while selected are not deleted behind the user's back.
  const chosen = issues.filter((issue) => selected.has(issue.id)).map((issue) => issue.id);

  const toggle = (issueId: string) => {
    setMissing(false);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(issueId)) next.add(issueId);
      return next;
    });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (deleting) return;
    if (!chosen.length) {
      setMissing(true);
      return;
    }
    setDeleting(true);
    try {
      await onDelete(chosen);
    } catch {
      setDeleting(false);
      notify(DELETE_FAILED_TOAST);
      return;
    }
    notify(DELETED_TOAST);
    close();
  };
  // Enter in the search box would otherwise submit the form and delete the selection.
  const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <form className="bd-form" onSubmit={submit} noValidate>
      <label className="bd-search">
        Search issues
        <input
          type="search"
          value={query}
          placeholder="Search by name or key"
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={keepEnter}
        />
      </label>
      <fieldset className="bd-issues" aria-describedby={missing ? errorId : undefined}>
        <legend className="bd-legend">Issues</legend>
        {shown.length ? (
          <ul className="bd-list">
            {shown.map((issue) => (
              <li key={issue.id}>
                <label className="bd-issue">
                  <input type="checkbox" checked={selected.has(issue.id)} onChange={() => toggle(issue.id)} />
                  <span className="bd-dot" style={{ backgroundColor: issue.state__color ?? 'transparent' }} aria-hidden="true" />
                  <span className="bd-key">{issueKey(issue)}</span>
                  <span className="bd-name">{issue.name}</span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bd-empty">No issues found</p>
        )}
      </fieldset>
      <p className="bd-count" aria-live="polite">
        {chosen.length} selected
      </p>
      {missing && (
        <p id={errorId} className="bd-error" role="alert">
          {SELECT_AT_LEAST_ONE}
        </p>
      )}
      <div className="bd-actions">
        <Dialog.Close type="button" className="bd-button">
          Cancel
        </Dialog.Close>
        <button type="submit" className="bd-button bd-danger" disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete selected issues'}
        </button>
      </div>
    </form>
  );
}
