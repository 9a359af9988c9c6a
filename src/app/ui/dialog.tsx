import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.js';
import { dialogCss } from './dialog.css.js';
import { useReturnFocus } from './return-focus.js';
import { useStyles } from './styles.js';

/** Props of {@link AppDialog}. */
export interface AppDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The title and description for assistive technology only (the command palette shows neither). */
  headingHidden?: boolean;
  /** The width: small (30rem), medium (520 px, the default) or large (36rem). */
  size?: 'small' | 'medium' | 'large';
  /** Held near the top, for a dialog whose height changes as results come and go; centred by default. */
  placement?: 'center' | 'top';
  /** Fades in and out; while it fades out the dialog stays on the page with what it showed. */
  fade?: boolean;
  /** A class for the content, for a widget's own layout of the dialog. */
  className?: string;
  /** Runs as the dialog has closed, once focus is back on what opened it (preventDefault when it puts focus elsewhere; otherwise, with the opener gone, the screen's FocusKeeper picks where). */
  onCloseAutoFocus?(event: Event): void;
  children: ReactNode;
}

/** The open dialogs' contents, each with how to close it, in the order they opened. */
const openDialogs = new Map<HTMLElement, () => void>();

/**
 * Closes the innermost open dialog that holds focus, as Escape does, and says whether there was
 * one. Radix gives Escape to the layer opened last, whatever holds focus: a toast shown after a
 * dialog opened (a Copy's "Copied to clipboard") took the Escape meant for the dialog, which
 * stayed open (ui/toasts.tsx passes it on through this).
 */
export function dismissFocusedDialog(): boolean {
  const focused = document.activeElement;
  const holding = [...openDialogs].filter(([content]) => focused && content.contains(focused)).at(-1);
  holding?.[1]();
  return !!holding;
}

/**
 * An Escape no layer took (between a layer closing and the one under it taking Escape over,
 * Radix's layers listen to it only once they have drawn themselves again) closes the dialog that
 * holds focus: a user's Escape is not lost in that moment.
 */
function onUnclaimedEscape(event: KeyboardEvent): void {
  if (event.key === 'Escape' && !event.defaultPrevented && !event.isComposing && dismissFocusedDialog()) event.preventDefault();
}

/** Keys that do not end an Escape's turn (Shift is held for Shift+Tab). */
const HELD_KEYS: ReadonlySet<string> = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/** The editor whose Escape was the last key, and the editor's own (it kept the dialog open). */
let escapedEditor: Element | null = null;
/** Whether `keepEscapeInEditor` is sending its copy of an Escape (which it then leaves alone). */
let resending = false;

/**
 * Escape in a rich editor inside an open dialog is the editor's first: it closes the editor's
 * open menu (the slash menu, a mention list, the link field), or else readies its way out
 * (Escape, then Tab moves focus on to the dialog's next control); the next Escape in a row
 * closes the dialog. Radix's dialog listens to Escape on the document before the editor sees
 * it (and marks it handled), so the editor's Escape is taken here, at the window, and given to
 * the editor alone: a copy dispatched where it was pressed that does not leave the editor's
 * shadow root.
 */
function keepEscapeInEditor(event: KeyboardEvent): void {
  if (resending) return;
  if (event.key !== 'Escape') {
    if (!HELD_KEYS.has(event.key)) escapedEditor = null;
    return;
  }
  const editor = event.target instanceof Element ? event.target.closest('rich-editor') : null;
  const pressed = event.composedPath()[0];
  const inDialog = !!editor && [...openDialogs.keys()].some((content) => content.contains(editor));
  if (!editor || !inDialog || !(pressed instanceof Element) || event.isComposing || event.defaultPrevented || escapedEditor === editor) {
    escapedEditor = null;
    return;
  }
  event.stopPropagation();
  const copy = keyCopy(event);
  // The copy stays in the editor's shadow root; should it come back here all the same, it is left alone.
  resending = true;
  try {
    pressed.dispatchEvent(copy);
  } finally {
    resending = false;
  }
  if (copy.defaultPrevented) event.preventDefault();
  // A menu the Escape closed: the next Escape is the editor's again.
  escapedEditor = copy.defaultPrevented ? null : editor;
}

/**
 * A copy of a key event that stays in the shadow root it is sent in: an `Event` with the key's
 * fields, not a `KeyboardEvent`, which Firefox makes composed whatever its init says. Composed,
 * the copy went on out to the document, where the dialog took it for its own Escape and closed
 * (and came back to `keepEscapeInEditor`, which sent it again until the stack ran out).
 */
function keyCopy(event: KeyboardEvent): Event {
  const copy = new Event('keydown', { bubbles: true, cancelable: true, composed: false });
  // No keyCode, as a KeyboardEvent made with these fields has none: ProseMirror takes an Escape
  // that has one (27) as handled, and the editor's own (Escape, then Tab) would not count it.
  const { key, code, shiftKey, ctrlKey, altKey, metaKey, repeat } = event;
  const fields = { key, code, shiftKey, ctrlKey, altKey, metaKey, repeat, isComposing: false, keyCode: 0 };
  for (const [name, value] of Object.entries(fields)) Object.defineProperty(copy, name, { value });
  return copy;
}

/** A press elsewhere ends an Escape's turn. */
function forgetEscape(): void {
  escapedEditor = null;
}

/**
 * Registers an open dialog's content, closed by `close`, while it is on the page: answers the ref
 * to give the content (Radix's portal draws it a render after `open` turns true).
 */
function useOpenDialog(open: boolean, close: () => void): (node: HTMLDivElement | null) => void {
  const latest = useRef(close);
  latest.current = close;
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!open || !node) return;
    openDialogs.set(node, () => latest.current());
    if (openDialogs.size === 1) {
      window.addEventListener('keydown', onUnclaimedEscape);
      window.addEventListener('keydown', keepEscapeInEditor, { capture: true });
      window.addEventListener('pointerdown', forgetEscape, { capture: true });
    }
    return () => {
      openDialogs.delete(node);
      if (openDialogs.size === 0) {
        window.removeEventListener('keydown', onUnclaimedEscape);
        window.removeEventListener('keydown', keepEscapeInEditor, { capture: true });
        window.removeEventListener('pointerdown', forgetEscape, { capture: true });
        escapedEditor = null;
      }
    };
  }, [node, open]);
  return setNode;
}

/**
 * The app's modal dialog, the one every dialog of the app and of its widgets is built on (Radix:
 * focus trapped, Escape and the overlay close it, focus goes back to what opened it, or to what
 * stands in for it when it has gone: ui/focus-keeper.ts). Dialogs stack in the order they open:
 * one opened from another shows and takes input above it.
 */
export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  headingHidden = false,
  size = 'medium',
  placement = 'center',
  fade = false,
  className,
  onCloseAutoFocus,
  children,
}: AppDialogProps) {
  useStyles('app-dialog', dialogCss);
  const returnFocus = useReturnFocus();
  const content = useOpenDialog(open, () => onOpenChange(false));
  const fading = fade ? { 'data-fade': '' } : {};
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="app-dialog-overlay" {...fading} />
        <Dialog.Content
          ref={content}
          className={className ? `app-dialog ${className}` : 'app-dialog'}
          data-size={size}
          data-placement={placement}
          data-heading={headingHidden ? 'hidden' : undefined}
          {...fading}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={(event) => returnFocus.onCloseAutoFocus(event, onCloseAutoFocus)}
        >
          <Dialog.Title className="app-dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="app-dialog-description">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button (or, with `asChild`, the child) that closes the AppDialog it is in: Cancel. */
export const DialogClose = Dialog.Close;

/**
 * The footer of a dialog's form: Cancel, which closes the dialog, and the primary submit button
 * (`submit` its label, `busy` while the form is sent); `extra` goes before them.
 */
export function FormDialogActions({ submit, busy, cancel = 'Cancel', cancelBusy, extra }: { submit: ReactNode; busy: boolean; cancel?: ReactNode; cancelBusy?: boolean; extra?: ReactNode }) {
  return (
    <div className="app-dialog-actions">
      {extra}
      <DialogClose asChild>
        <Button busy={cancelBusy}>{cancel}</Button>
      </DialogClose>
      <Button type="submit" variant="primary" busy={busy}>
        {submit}
      </Button>
    </div>
  );
}
