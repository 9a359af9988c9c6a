import { useQueryClient } from '@tanstack/react-query';
import { Check, Clock, Copy, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IntakeIssue, IntakeDecision } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/icon.js';
import { useNotify } from '../../ui/toasts.js';
import { IssuePickerDialog, type IssueSearchParams, type PickerIssue } from '../../widgets/issue-picker/index.js';
import { SnoozeDialog } from '../notifications/snooze-dialog.js';
import { DECIDED, INBOX_WORDS } from './inbox-words.js';

/** What a decision sends beside its status. */
type DecisionExtras = { snoozed_till?: string; duplicate_of?: string };

/**
 * A member's decisions on a request: accept it (it becomes one of the project's issues),
 * decline it, snooze it until a day, or mark it as a duplicate of an issue chosen in the picker.
 * An accepted request is decided for good, so it shows none of them. `onDecided` runs once a
 * decision is made and the inbox shows it (the pressed button may be gone: focus goes elsewhere).
 */
export function IntakeActions({ slug, projectId, intake, onDecided }: { slug: string; projectId: string; intake: IntakeIssue; onDecided(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState<IntakeDecision | null>(null);
  const [snoozing, setSnoozing] = useState(false);
  const [picking, setPicking] = useState(false);

  /** A decision made in a dialog: told once the dialog has closed, instead of focus going back to its button. */
  const decidedInDialog = useRef(false);
  const afterDialog = (event: Event) => {
    if (!decidedInDialog.current) return;
    decidedInDialog.current = false;
    event.preventDefault();
    onDecided();
  };

  /** Sends the decision; a refusal is a toast, or thrown with `rethrow` (a dialog made it: the snooze dialog shows it). */
  const decide = async (status: IntakeDecision, extras: DecisionExtras = {}, { rethrow = false } = {}) => {
    setBusy(status);
    try {
      await api.intake.decide(slug, projectId, intake.id, { status, ...extras });
      notify({ type: 'success', message: DECIDED[status](intake.key) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.intake(slug, projectId) }),
        status === 'accepted' ? queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) }) : null,
      ]);
      if (rethrow) decidedInDialog.current = true;
      else onDecided();
    } catch (error) {
      if (rethrow) throw error;
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const search = ({ search }: IssueSearchParams) => api.issues.search(slug, projectId, { search });
  const markDuplicate = async ([issue]: PickerIssue[]) => {
    try {
      await decide('duplicate', { duplicate_of: issue!.id }, { rethrow: true });
    } catch (error) {
      // The server's reason, where the user can act on it, rather than the picker's generic failure.
      notify({ type: 'error', message: errorMessage(error) });
    }
  };

  if (intake.status === 'accepted') return null;
  return (
    <div className="app-inbox-actions" role="group" aria-label="Decide on the request">
      <Button variant="primary" busy={busy === 'accepted'} onClick={() => void decide('accepted')}>
        <Icon icon={Check} />
        {INBOX_WORDS.accept}
      </Button>
      {intake.status === 'declined' ? null : (
        <Button busy={busy === 'declined'} onClick={() => void decide('declined')}>
          <Icon icon={X} />
          {INBOX_WORDS.decline}
        </Button>
      )}
      <Button busy={busy === 'snoozed'} onClick={() => setSnoozing(true)}>
        <Icon icon={Clock} />
        {INBOX_WORDS.snooze}
      </Button>
      <Button busy={busy === 'duplicate'} onClick={() => setPicking(true)}>
        <Icon icon={Copy} />
        {INBOX_WORDS.duplicate}
      </Button>
      <SnoozeDialog
        open={snoozing}
        onOpenChange={setSnoozing}
        title={INBOX_WORDS.snoozeTitle}
        description={INBOX_WORDS.snoozeDescription}
        onSnooze={(till) => decide('snoozed', { snoozed_till: till }, { rethrow: true })}
        onCloseAutoFocus={afterDialog}
      />
      <IssuePickerDialog
        open={picking}
        onOpenChange={setPicking}
        search={search}
        onSubmit={markDuplicate}
        title={INBOX_WORDS.duplicateTitle}
        submitLabel={INBOX_WORDS.duplicate}
        single
        onCloseAutoFocus={afterDialog}
      />
    </div>
  );
}
