import { X } from 'lucide-react';
import { Fragment } from 'react';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { Button } from '../../ui/button.js';
import { useStyles } from '../../ui/styles.js';
import { commandPaletteCss } from './command-palette.css.js';
import { COLUMN_KEYS, LIST_KEYS, SHORTCUTS } from './shortcuts.js';
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
          <li key={shortcut.action}>
            <span>{shortcut.label}</span>
            <span>
              {shortcut.keys.map((key, index) => (
                <Fragment key={key}>
                  {index > 0 ? (shortcut.keys.length === 2 && shortcut.keys[0] === 'Ctrl' ? ' + ' : ' then ') : null}
                  <kbd>{key}</kbd>
                </Fragment>
              ))}
            </span>
          </li>
        ))}
        {LIST_KEYS.map((entry) => (
          <li key={entry.label}>
            <span>{entry.label}</span>
            <span>
              {entry.keys.map(({ key, shown }, index) => (
                <Fragment key={key}>
                  {index > 0 ? ' or ' : null}
                  <kbd>{shown}</kbd>
                </Fragment>
              ))}
            </span>
          </li>
        ))}
        {COLUMN_KEYS.map((entry) => (
          <li key={entry.label}>
            <span>{entry.label}</span>
            <span>
              <kbd>{entry.shown}</kbd>
            </span>
          </li>
        ))}
        {COLUMN_KEYS.map((entry) => (
          <li key={entry.moveLabel}>
            <span>{entry.moveLabel}</span>
            <span>
              <kbd>Shift</kbd> + <kbd>{entry.shown}</kbd>
            </span>
          </li>
        ))}
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
