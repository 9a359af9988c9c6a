import { Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api/api-error.js';
import { Button } from './button.js';
import { AppDialog, DialogClose } from './dialog.js';
import { FormError } from './form-field.js';
import { Icon } from './icon.js';

/** Props of {@link ConfirmDeleteDialog}. */
export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** "Delete issue", "Delete cycle", "Delete page". */
  title: string;
  /** What goes, and what stays. */
  description: string;
  /** Deletes (the caller moves on when it is done); a rejection's message shows in the dialog. */
  onDelete(): Promise<unknown>;
  /** The confirming button's word ("Delete" unless said, "Revoke" for a token). */
  confirmLabel?: string;
  /** The confirming button's icon (a bin by default; another for what is not a deletion, such as renewing a secret). */
  confirmIcon?: LucideIcon;
  /** Runs as the dialog has closed (see AppDialog): where focus goes when what opened it is gone. */
  onCloseAutoFocus?(event: Event): void;
}

/** The dialog asking before something is deleted: Cancel, or Delete (busy while it runs; a failure is shown and the dialog stays). */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, onDelete, confirmLabel = 'Delete', confirmIcon = Trash2, onCloseAutoFocus }: ConfirmDeleteDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description={description} {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}>
      <ConfirmDelete onDelete={onDelete} confirmLabel={confirmLabel} confirmIcon={confirmIcon} />
    </AppDialog>
  );
}

function ConfirmDelete({ onDelete, confirmLabel, confirmIcon }: { onDelete(): Promise<unknown>; confirmLabel: string; confirmIcon: LucideIcon }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onDelete();
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <>
      <FormError message={failure} />
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button variant="danger" busy={busy} onClick={() => void confirm()}>
          <Icon icon={confirmIcon} />
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
