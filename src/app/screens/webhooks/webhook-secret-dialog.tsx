import { Copy } from 'lucide-react';
import { Button } from '../../ui/button.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { TextField } from '../../ui/form-field.js';
import { Icon } from '../../ui/icon.js';
import { useNotify } from '../../ui/toasts.js';

/** Props of {@link WebhookSecretDialog}. */
export interface WebhookSecretDialogProps {
  /** The secret to show, null when closed. */
  secret: string | null;
  onClose(): void;
}

/** The one time a webhook's signing secret is shown (on registration or after a new one is made), with a Copy button. */
export function WebhookSecretDialog({ secret, onClose }: WebhookSecretDialogProps) {
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
      title="Webhook secret"
      description="Copy this secret now: it is not shown again. Your receiver checks each delivery's X-Signature-256 header with it."
    >
      <TextField label="Signing secret" readOnly value={secret ?? ''} onFocus={(event) => event.currentTarget.select()} />
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
