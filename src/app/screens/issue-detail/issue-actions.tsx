import { useState } from 'react';
import { errorMessage } from '../../api/api-error.js';
import type { IssueDetail } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog.js';
import { FormError } from '../../ui/form-field.js';
import { Note } from '../../ui/note.js';

interface ActionsProps {
  issue: IssueDetail;
  mayEdit: boolean;
  onSubscribe(subscribe: boolean): Promise<void>;
  onArchive(archive: boolean): Promise<void>;
  /** Deletes the issue (after the user confirmed). */
  onDelete(): Promise<void>;
}

/** An issue's actions: subscribe or unsubscribe (everyone), archive or restore and delete (members, delete after confirmation). */
export function IssueActions({ issue, mayEdit, onSubscribe, onArchive, onDelete }: ActionsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const archived = !!issue.archived_at;

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

  return (
    <div className="app-issue-actions">
      <div className="app-editor-actions">
        <Button size="small" busy={busy === 'subscribe'} aria-pressed={issue.is_subscribed} onClick={() => void run('subscribe', () => onSubscribe(!issue.is_subscribed))}>
          {issue.is_subscribed ? 'Unsubscribe' : 'Subscribe'}
        </Button>
        {mayEdit ? (
          <>
            <Button size="small" busy={busy === 'archive'} onClick={() => void run('archive', () => onArchive(!archived))}>
              {archived ? 'Restore' : 'Archive'}
            </Button>
            <Button size="small" variant="danger" onClick={() => setConfirming(true)}>
              Delete issue
            </Button>
          </>
        ) : null}
        {archived ? <Note inline>This issue is archived.</Note> : null}
      </div>
      <FormError message={failure} />
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete issue"
        description={`Delete ${issue.key} "${issue.name}"? This cannot be undone.`}
        onDelete={onDelete}
      />
    </div>
  );
}
