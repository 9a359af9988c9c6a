import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { dismissFocusedDialog } from './dialog.js';
import { toastsCss } from './toasts.css.js';
import { useStyles } from './styles.js';

/** The spec's toast titles (section 8). */
export const TOAST_TITLES = { error: 'Error!', success: 'Success!' } as const;

/** A button in a toast (Undo): its word, what it does in a sentence (for screen readers, which reach it with F8), and what it does. */
export interface ToastAction {
  label: string;
  altText: string;
  run(): void;
}

/** A toast to show: its kind, the message, a title (the spec's title for the kind by default), and a button. */
export interface Notification {
  type: 'error' | 'success';
  title?: string;
  message: string;
  action?: ToastAction;
}

/** Shows a toast. */
export type Notify = (notification: Notification) => void;

interface ShownToast extends Notification {
  id: number;
  title: string;
}

const NotifyContext = createContext<Notify | null>(null);

/**
 * Radix toasts for the whole app: errors are announced assertively ("foreground"), successes
 * politely; each closes by itself after `duration` ms, by its close button, by Escape (F8
 * focuses the list; an Escape in a dialog closes the dialog) or by a swipe.
 */
export function ToastProvider({ children, duration = 6000 }: { children: ReactNode; duration?: number }) {
  useStyles('app-toasts', toastsCss);
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const notify = useCallback<Notify>(({ type, title, message, action }) => {
    const id = nextId.current++;
    setToasts((shown) => [...shown, { id, type, title: title ?? TOAST_TITLES[type], message, action }]);
  }, []);

  const close = (id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id));

  return (
    <NotifyContext.Provider value={notify}>
      <Toast.Provider duration={duration} swipeDirection="right" label="Notifications">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            className="app-toast"
            data-type={toast.type}
            type={toast.type === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => open || close(toast.id)}
            // Shown after a dialog opened, a toast is the layer Radix gives Escape to: with focus
            // in the dialog, the dialog closes and the toast stays, as the user meant.
            onEscapeKeyDown={(event) => {
              if (dismissFocusedDialog()) event.preventDefault();
            }}
          >
            <Toast.Title className="app-toast-title">{toast.title}</Toast.Title>
            <Toast.Description className="app-toast-message">{toast.message}</Toast.Description>
            {toast.action ? (
              <Toast.Action className="app-toast-action" altText={toast.action.altText} onClick={toast.action.run}>
                {toast.action.label}
              </Toast.Action>
            ) : null}
            <Toast.Close className="app-toast-close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="app-toast-viewport" />
      </Toast.Provider>
    </NotifyContext.Provider>
  );
}

/** The notify function of the nearest ToastProvider. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a <ToastProvider> above it.');
  return notify;
}
