import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { API_TOKEN_LABEL_MAX } from '../../../api-shapes/api-token-limits.js';
import { errorMessage } from '../../api/api-error.js';
import type { ApiTokenAccess } from '../../../api-shapes/api-token-access.js';
import type { ApiTokenCreateBody } from '../../../api-shapes/api-token.js';
import type { CreatedApiToken } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { AppDialog, FormDialogActions } from '../../ui/dialog.js';
import { FormError, TextField } from '../../ui/form-field.js';
import { CopyField } from '../../ui/copy-field.js';
import { Icon } from '../../ui/icon.js';
import { ACCESS_CHOICES, ACCESS_IS_FIXED, DEFAULT_ACCESS } from './token-access.js';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, expiresAt, expiryDayHint, expiryProblem, firstExpiryDay, lastExpiryDay, type ExpiryChoice } from './token-expiry.js';

/** The words of the dialog, for its two steps. */
export const CREATE_TOKEN_WORDS = {
  title: 'Create API token',
  description: 'A token lets a script or another service use the API as you, with your role in this workspace.',
  shownTitle: 'Copy your new API token',
  shownDescription: 'Store it somewhere safe, such as a password manager or your CI’s secrets.',
  warning: 'This is the only time the token is shown. Copy it now: once this dialog closes, nobody can see it again. Anyone who has it can act as you in this workspace.',
  labelRequired: 'Label is required.',
  copied: 'Token copied to the clipboard.',
  copyFailed: 'The token could not be copied: select it and copy it yourself.',
} as const;

/** Props of {@link CreateApiTokenDialog}. */
export interface CreateApiTokenDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Makes the token; a rejection's message shows in the dialog. */
  onCreate(body: ApiTokenCreateBody): Promise<CreatedApiToken>;
}

/**
 * Asks for a token's label, access (read only, or read and write, each said in a sentence) and
 * expiry (7, 30 or 90 days, never, or a day), makes it, then shows its secret once with a Copy
 * button and a warning that it will not be shown again. The secret lives in this dialog's state
 * only: closing the dialog forgets it.
 */
export function CreateApiTokenDialog({ open, onOpenChange, onCreate }: CreateApiTokenDialogProps) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={created ? CREATE_TOKEN_WORDS.shownTitle : CREATE_TOKEN_WORDS.title}
      description={created ? CREATE_TOKEN_WORDS.shownDescription : CREATE_TOKEN_WORDS.description}
    >
      {created ? <ShownToken token={created.token} onDone={() => onOpenChange(false)} /> : <TokenForm onCreate={async (body) => setCreated(await onCreate(body))} />}
    </AppDialog>
  );
}

function TokenForm({ onCreate }: { onCreate(body: ApiTokenCreateBody): Promise<void> }) {
  const id = useId();
  const labelRef = useRef<HTMLInputElement>(null);
  const dayRef = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState('');
  const [access, setAccess] = useState<ApiTokenAccess>(DEFAULT_ACCESS);
  const [choice, setChoice] = useState<ExpiryChoice>(DEFAULT_EXPIRY);
  const [day, setDay] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const now = new Date();
  const labelError = tried && !label.trim() ? CREATE_TOKEN_WORDS.labelRequired : undefined;
  const dayError = tried ? (expiryProblem(choice, day, now) ?? undefined) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!label.trim()) return labelRef.current?.focus();
    if (expiryProblem(choice, day, new Date())) return dayRef.current?.focus();
    setBusy(true);
    setFailure(null);
    try {
      const expires = expiresAt(choice, day, new Date());
      await onCreate({ label: label.trim(), access, ...(expires ? { expires_at: expires } : {}) });
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={CREATE_TOKEN_WORDS.title}>
      <FormError message={failure} />
      <TextField
        ref={labelRef}
        label="Label"
        hint="What the token is for, so you can tell it from your others."
        maxLength={API_TOKEN_LABEL_MAX}
        autoComplete="off"
        value={label}
        error={labelError}
        onChange={(event) => setLabel(event.target.value)}
      />
      <fieldset className="app-fieldset app-token-access" aria-describedby={`${id}-access-fixed`}>
        <legend>Access</legend>
        <div className="app-options">
          {ACCESS_CHOICES.map((option) => (
            <div key={option.value} className="app-token-access-option">
              <label>
                <input
                  type="radio"
                  name={`${id}-access`}
                  value={option.value}
                  checked={access === option.value}
                  aria-describedby={`${id}-access-${option.value}`}
                  onChange={() => setAccess(option.value)}
                />
                {option.label}
              </label>
              <p id={`${id}-access-${option.value}`} className="app-field-hint">
                {option.description}
              </p>
            </div>
          ))}
        </div>
        <p id={`${id}-access-fixed`} className="app-note">
          {ACCESS_IS_FIXED}
        </p>
      </fieldset>
      <fieldset className="app-fieldset">
        <legend>Expires</legend>
        <div className="app-options">
          {EXPIRY_CHOICES.map((option) => (
            <label key={option.value} className="app-option">
              <input type="radio" name={`${id}-expiry`} value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'date' ? (
        <TextField
          ref={dayRef}
          label="Expiry date"
          type="date"
          min={firstExpiryDay(now)}
          max={lastExpiryDay(now)}
          hint={expiryDayHint(lastExpiryDay(now))}
          value={day}
          error={dayError}
          onChange={(event) => setDay(event.target.value)}
        />
      ) : null}
      <FormDialogActions submit="Create token" busy={busy} />
    </form>
  );
}

function ShownToken({ token, onDone }: { token: string; onDone(): void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The form that had focus is gone: the token takes it, selected, so Ctrl+C copies it too.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <div className="app-token-shown">
      <p className="app-token-warning" role="alert" id={`${id}-warning`}>
        <Icon icon={TriangleAlert} />
        <span>{CREATE_TOKEN_WORDS.warning}</span>
      </p>
      <CopyField
        ref={input}
        label="Your new API token"
        value={token}
        describedBy={`${id}-warning`}
        copied={CREATE_TOKEN_WORDS.copied}
        copyFailed={CREATE_TOKEN_WORDS.copyFailed}
      />
      <div className="app-dialog-actions">
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
