import type { ButtonHTMLAttributes, Ref } from 'react';
import { controlsCss } from './controls.css.js';
import { useStyles } from './styles.js';

/** The props of Button: a native button's, a look, and a busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'small';
  /** Shows the work in progress: the button is disabled and says so to assistive technology. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button in the app's look; type="button" unless said otherwise, so it never submits a form by surprise. */
export function Button({ variant = 'secondary', size = 'normal', busy = false, type = 'button', disabled, children, ...props }: ButtonProps) {
  useStyles('app-controls', controlsCss);
  return (
    <button
      {...props}
      type={type}
      className={['app-button', props.className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-size={size}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

/** What ShowMoreButton reads of a paged query (React Query's infinite query has it). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/** The button under a paged list that loads its next page, drawn only while there is one. */
export function ShowMoreButton({ pages, size, children }: { pages: PagedQuery; size?: ButtonProps['size']; children: ButtonProps['children'] }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button size={size} busy={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      {children}
    </Button>
  );
}
