import { X } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { Button } from '../../ui/button.js';
import { useStyles } from '../../ui/styles.js';
import { commandPaletteCss } from './command-palette.css.js';
import { COLUMN_KEYS, LEAVE_EDITOR_KEYS, LIST_KEYS, SHORTCUTS, SUBMIT_KEYS } from './shortcuts.js';
import { Icon } from '../../ui/icon.js';

/** The dialog listing the keyboard shortcuts (opened with ?). */
export function ShortcutsHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  useStyles('app-command-palette', commandPaletteCss);
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Single keys work when you are not typing in a field or the editor."
    >
      <ul className="app-shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <ShortcutLine key={shortcut.action} label={shortcut.label}>
            {shortcut.keys.map((key, index) => (
              <Fragment key={key}>
                {index > 0 ? (shortcut.keys.length === 2 && shortcut.keys[0] === 'Ctrl' ? ' + ' : ' then ') : null}
                <kbd>{key}</kbd>
              </Fragment>
            ))}
          </ShortcutLine>
        ))}
        {LIST_KEYS.map((entry) => (
          <ShortcutLine key={entry.label} label={entry.label}>
            {entry.keys.map(({ key, shown }, index) => (
              <Fragment key={key}>
                {index > 0 ? ' or ' : null}
                <kbd>{shown}</kbd>
              </Fragment>
            ))}
          </ShortcutLine>
        ))}
        {COLUMN_KEYS.map((entry) => (
          <ShortcutLine key={entry.label} label={entry.label}>
            <kbd>{entry.shown}</kbd>
          </ShortcutLine>
        ))}
        {COLUMN_KEYS.map((entry) => (
          <ShortcutLine key={entry.moveLabel} label={entry.moveLabel}>
            <kbd>Shift</kbd> + <kbd>{entry.shown}</kbd>
          </ShortcutLine>
        ))}
        <ShortcutLine label={SUBMIT_KEYS.label}>
          <kbd>{SUBMIT_KEYS.keys[0]}</kbd> + <kbd>{SUBMIT_KEYS.keys[1]}</kbd>
        </ShortcutLine>
        <ShortcutLine label={LEAVE_EDITOR_KEYS.label}>
          <kbd>{LEAVE_EDITOR_KEYS.keys[0]}</kbd>, then <kbd>{LEAVE_EDITOR_KEYS.keys[1]}</kbd>
        </ShortcutLine>
      </ul>
      <div className="app-dialog-actions">
        <DialogClose asChild>
          <Button>
            <Icon icon={X} />
            Close
          </Button>
        </DialogClose>
      </div>
    </AppDialog>
  );
}

/** One line of the list: what the keys do, then the keys. */
function ShortcutLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <span>{label}</span>
      <span>{children}</span>
    </li>
  );
}
