import { useState } from 'react';
import { AppDialog } from '../../ui/dialog.js';
import { IssueChecklist, useIssueChecklist } from '../issue-checklist/issue-checklist.js';
import { matchesIssue, type ListedIssue } from './listed-issue.js';
import type { ToastAction } from '../../ui/toasts.js';
import { DELETED_TOAST, DELETE_FAILED_TOAST, type Notify } from './messages.js';

/** Props of {@link BulkDeleteDialog}. */
export interface BulkDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The project's issues, as listed. */
  issues: ListedIssue[];
  /** Deletes the issues with these ids; rejects when that failed. */
  onDelete(ids: string[]): Promise<void>;
  notify: Notify;
  /** The ids checked when it opens (the list's selection), so deleting them takes one more click. */
  initialSelected?: readonly string[];
  /** The success toast's Undo for the deleted ids (none when not given). */
  undo?(ids: readonly string[]): ToastAction;
}

/** A dialog to pick several of a project's issues and delete them at once. */
export function BulkDeleteDialog({ open, onOpenChange, issues, onDelete, notify, initialSelected = [], undo }: BulkDeleteDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete issues"
      description={undo ? 'Select the issues to delete. The toast that follows can undo it.' : 'Select the issues to delete. This cannot be undone.'}
      size="large"
      placement="top"
    >
      {/* Mounted only while open, so every opening starts with an empty search and the given selection. */}
      <BulkDeleteForm issues={issues} initialSelected={initialSelected} onDelete={onDelete} notify={notify} undo={undo} close={() => onOpenChange(false)} />
    </AppDialog>
  );
}

interface BulkDeleteFormProps {
  issues: ListedIssue[];
  initialSelected: readonly string[];
  onDelete(ids: string[]): Promise<void>;
  notify: Notify;
  undo?: BulkDeleteDialogProps['undo'];
  close(): void;
}

function BulkDeleteForm({ issues, initialSelected, onDelete, notify, undo, close }: BulkDeleteFormProps) {
  const [query, setQuery] = useState('');
  const checklist = useIssueChecklist<ListedIssue>({ initial: issues.filter((issue) => initialSelected.includes(issue.id)) });
  // Issues that left the list while selected are not deleted behind the user's back.
  const chosen = issues.filter((issue) => checklist.selected.has(issue.id));

  const submit = async () => {
    try {
      if (!(await checklist.submit(chosen, (picked) => onDelete(picked.map((issue) => issue.id))))) return;
    } catch {
      notify(DELETE_FAILED_TOAST);
      return;
    }
    notify(undo ? { ...DELETED_TOAST, action: undo(chosen.map((issue) => issue.id)) } : DELETED_TOAST);
    close();
  };

  return (
    <IssueChecklist
      state={checklist}
      query={query}
      onQueryChange={setQuery}
      placeholder="Search by name or key"
      results={{ status: 'done', issues: issues.filter((issue) => matchesIssue(issue, query)) }}
      count={chosen.length}
      submitLabel="Delete selected issues"
      busyLabel="Deleting…"
      kind="danger"
      onSubmit={() => void submit()}
    />
  );
}
