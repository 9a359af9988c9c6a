import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { dialogCss } from './dialog.css.js';
import { useReturnFocus } from './return-focus.js';
import { useStyles } from './styles.js';

/** A modal dialog with a title and a description (Radix: focus trapped, Escape and the overlay close it). */
export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  useStyles('app-dialog', dialogCss);
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="app-dialog-overlay" />
        <Dialog.Content className="app-dialog" {...returnFocus}>
          <Dialog.Title className="app-dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="app-dialog-description">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The close button of an AppDialog (Cancel). */
export const DialogClose = Dialog.Close;
