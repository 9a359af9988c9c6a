import { useRef } from 'react';

/** The focus props of a Radix `Dialog.Content` from {@link useReturnFocus}. */
export interface ReturnFocusProps {
  onOpenAutoFocus(event: Event): void;
  onCloseAutoFocus(event: Event): void;
}

/**
 * For a Radix dialog opened by the app (no `Dialog.Trigger`): remembers what had focus as it
 * opens (the button that opened it) and gives focus back to it when it closes, by Escape or
 * otherwise, as Radix does for a Trigger. Without this focus would fall to the page's body.
 */
export function useReturnFocus(): ReturnFocusProps {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      // Radix calls this before it moves focus into the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event) {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
