import { Copy } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { Button } from './button.js';
import { Icon } from './icon.js';
import { useStyles } from './styles.js';

const copyFieldCss = `
.app-copy-field { display: flex; gap: var(--app-space-2); }
.app-copy-field input { flex: 1; min-width: 0; font-family: var(--app-font-mono, ui-monospace, monospace); font-size: var(--app-text-sm); }
@media (max-width: 767.98px) {
  .app-copy-field { flex-wrap: wrap; }
  .app-copy-field input { flex-basis: 100%; }
}
`;

/** Copies `text`; navigator.clipboard is missing outside secure contexts, which is a failed copy too. */
async function copy(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available.');
  await navigator.clipboard.writeText(text);
}

/** Props of {@link CopyField}. */
export interface CopyFieldProps {
  label: string;
  value: string;
  /** What the status line says after a copy, and after a copy that failed. */
  copied: string;
  copyFailed: string;
  /** The id of what describes the value (a warning that it is shown once). */
  describedBy?: string;
  /** The Copy button's accessible name, when a screen has several ("Copy the secret"). */
  copyLabel?: string;
}

/**
 * A value to copy (a token, a secret, an address): read-only, selected when focused so Ctrl+C
 * copies it too, with a Copy button and a status line saying whether the copy worked.
 */
export const CopyField = forwardRef<HTMLInputElement, CopyFieldProps>(function CopyField({ label, value, copied, copyFailed, describedBy, copyLabel }, ref) {
  useStyles('app-copy-field', copyFieldCss);
  const id = useId();
  const [status, setStatus] = useState('');
  return (
    <div className="app-field">
      <label htmlFor={id}>{label}</label>
      <div className="app-copy-field">
        <input ref={ref} id={id} readOnly value={value} spellCheck={false} aria-describedby={describedBy} onFocus={(event) => event.target.select()} />
        <Button aria-label={copyLabel} onClick={() => void copy(value).then(() => setStatus(copied), () => setStatus(copyFailed))}>
          <Icon icon={Copy} />
          Copy
        </Button>
      </div>
      <p className="app-note" role="status">
        {status}
      </p>
    </div>
  );
});
