import { Copy } from 'lucide-react';
import { Button } from './button.js';
import { AppDialog, DialogClose } from './dialog.js';
import { TextField } from './form-field.js';
import { Icon } from './icon.js';
import { useNotify } from './toasts.js';

/** Props of {@link SecretDialog}. */
export interface SecretDialogProps {
  /** The secret to show, null when closed. */
  secret: string | null;
  onClose(): void;
  title: string;
  /** What the secret is for, and that it is not shown again. */
  description: string;
  /** The field's label ("Signing secret"). */
  label: string;
}

/**
 * The one time a signing secret is shown (a webhook's, an integration's: on creation or after a
 * new one is made), with a Copy button.
 */
export function SecretDialog({ secret, onClose, title, description, label }: SecretDialogProps) {
  const notify = useNotify();
  const copy = async () => {
    try {
      // navigator.clipboard is missing outside secure contexts; that is a failed copy too.
      if (!navigator.clipboard) throw new Error('The clipboard is not available.');
      await navigator.clipboard.writeText(secret ?? '');
      notify({ type: 'success', message: 'Copied to clipboard' });
    } catch {
      notify({ type: 'error', message: 'The secret could not be copied. Select it and copy it by hand.' });
    }
  };
  return (
    <AppDialog
      open={secret !== null}
      onOpenChange={(open) => void (open || onClose())}
      title={title}
      description={description}
    >
      <TextField label={label} readOnly value={secret ?? ''} onFocus={(event) => event.currentTarget.select()} />
      <div className="app-dialog-actions">
        <Button onClick={() => void copy()}>
          <Icon icon={Copy} />
          Copy
        </Button>
        <DialogClose asChild>
          <Button variant="primary">Done</Button>
        </DialogClose>
      </div>
    </AppDialog>
  );
}
