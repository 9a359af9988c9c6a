import { Archive, ArchiveRestore, CopyPlus, Ellipsis, GitBranch, Link2, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/api-error.js';
import type { IssueDetail } from '../../api/types.js';
import { ActionMenu, type MenuAction } from '../../ui/action-menu.js';
import { Button } from '../../ui/button.js';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog.js';
import { FormError } from '../../ui/form-field.js';
import { Icon } from '../../ui/icon.js';
import { Note } from '../../ui/note.js';
import { branchName } from './branch-name.js';
import type { Notify } from '../../ui/toasts.js';
import { isolated } from '../../ui/bidi.js';

interface ActionsProps {
  issue: IssueDetail;
  mayEdit: boolean;
  /** The issue page's full address, which "Copy link" puts on the clipboard. */
  link: string;
  notify: Notify;
  onSubscribe(subscribe: boolean): Promise<void>;
  onArchive(archive: boolean): Promise<void>;
  /** Makes a copy of the issue and opens it. */
  onCopy(): Promise<void>;
  /** Deletes the issue (after the user confirmed). */
  onDelete(): Promise<void>;
  /** The issue's favorite toggle, beside Subscribe. */
  favorite?: ReactNode;
}

/** The spec's words after a copy (section 8). */
const COPIED = 'Copied to clipboard';

/**
 * An issue's actions: subscribe or unsubscribe (everyone) as a button, and the "Issue actions"
 * menu: copy its link and a git branch name for it (everyone), make a copy of it, archive or restore and delete (members, delete
 * after confirmation).
 * An archived issue says so, with a Restore button for members.
 */
export function IssueActions({ issue, mayEdit, link, notify, onSubscribe, onArchive, onCopy, onDelete, favorite }: ActionsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const archived = !!issue.archived_at;
  const row = useRef<HTMLDivElement>(null);
  // The Restore button goes with the archive: focus moves to the actions menu beside it.
  const restore = () =>
    run('archive', async () => {
      await onArchive(false);
      row.current?.querySelector<HTMLElement>('button[aria-label="Issue actions"]')?.focus();
    });

  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const copy = async (text: string) => {
    try {
      // navigator.clipboard is missing outside secure contexts: that is a failed copy too.
      if (!navigator.clipboard) throw new Error('The clipboard is not available.');
      await navigator.clipboard.writeText(text);
      notify({ type: 'success', message: COPIED });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    }
  };
  const actions: MenuAction[] = [
    { label: 'Copy link', icon: Link2, onSelect: () => void copy(link) },
    // A pull request from this branch links to the issue when the project is connected to GitHub.
    { label: 'Copy branch name', icon: GitBranch, onSelect: () => void copy(branchName(issue.key, issue.name)) },
    ...(mayEdit
      ? [
          { label: 'Make a copy', icon: CopyPlus, onSelect: () => void run('copy', onCopy) },
          { label: archived ? 'Restore' : 'Archive', icon: archived ? ArchiveRestore : Archive, onSelect: () => void run('archive', () => onArchive(!archived)) },
          { label: 'Delete issue', icon: Trash2, danger: true, onSelect: () => setConfirming(true) },
        ]
      : []),
  ];

  return (
    <div className="app-issue-actions">
      <div className="app-editor-actions" ref={row}>
        <Button size="small" busy={busy === 'subscribe'} aria-pressed={issue.is_subscribed} onClick={() => void run('subscribe', () => onSubscribe(!issue.is_subscribed))}>
          {issue.is_subscribed ? 'Unsubscribe' : 'Subscribe'}
        </Button>
        {favorite}
        <ActionMenu label="Issue actions" actions={actions}>
          <Icon icon={Ellipsis} />
        </ActionMenu>
        {busy === 'copy' ? (
          <Note inline>Making a copy…</Note>
        ) : busy === 'archive' ? (
          <Note inline>{archived ? 'Restoring…' : 'Archiving…'}</Note>
        ) : archived ? <Note inline>This issue is archived.</Note> : null}
        {archived && mayEdit ? (
          <Button size="small" busy={busy === 'archive'} onClick={() => void restore()}>
            <Icon icon={ArchiveRestore} />
            Restore
          </Button>
        ) : null}
      </div>
      <FormError message={failure} />
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete issue"
        description={`Delete ${issue.key} "${isolated(issue.name)}"? The toast that follows can undo it.`}
        onDelete={onDelete}
      />
    </div>
  );
}
