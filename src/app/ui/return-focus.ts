import { useRef } from 'react';
import { focusStandIn, useFocusKeeper } from './focus-keeper.js';

/** The focus handlers of a Radix `Dialog.Content` from {@link useReturnFocus}. */
export interface ReturnFocusProps {
  onOpenAutoFocus(event: Event): void;
  /** Returns focus; `then` (the dialog's own `onCloseAutoFocus`) runs once the opener has it, and may put it elsewhere. */
  onCloseAutoFocus(event: Event, then?: (event: Event) => void): void;
}

/**
 * For a Radix dialog opened by the app (no `Dialog.Trigger`): remembers what had focus as it
 * opens (the button that opened it) and gives focus back to it when it closes, by Escape or
 * otherwise, as Radix does for a Trigger. When that button has gone (its row deleted, an empty
 * state replaced by what the dialog made) and `then` put focus nowhere, the screen's FocusKeeper
 * says what stands in for it (the next row, the list, the heading). Without this focus would fall
 * to the page's body.
 */
export function useReturnFocus(): ReturnFocusProps {
  const keeper = useFocusKeeper();
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      // Radix calls this before it moves focus into the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event, then) {
      const target = opener.current;
      opener.current = null;
      // A dialog opened in this one's place (the secret shown once a form is sent) has focus: it keeps it.
      const taken = !!document.activeElement?.closest('[role="dialog"]');
      if (taken || target?.isConnected) {
        event.preventDefault();
        if (!taken) target!.focus({ preventScroll: true });
      }
      then?.(event);
      if (event.defaultPrevented) return;
      const standIn = keeper?.standIn();
      if (!standIn) return;
      event.preventDefault();
      focusStandIn(standIn);
    },
  };
}
