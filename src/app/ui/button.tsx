import { useLayoutEffect, useRef, type ButtonHTMLAttributes, type Ref } from 'react';
import { focusFirstAddedRow, shownRows, type ShownRows } from './focus-keeper.js';
import { controlsCss } from './controls.css.js';
import { useStyles } from './styles.js';

/** The props of Button: a native button's, a look, and a busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'small';
  /**
   * Shows the work in progress: the button takes no press and says so to assistive technology,
   * and keeps focus (aria-disabled, not disabled: a disabled button drops focus on the page's
   * body, out of a dialog, and the next Tab starts over).
   */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button in the app's look; type="button" unless said otherwise, so it never submits a form by surprise. */
export function Button({ variant = 'secondary', size = 'normal', busy = false, type = 'button', disabled, onClick, children, ...props }: ButtonProps) {
  useStyles('app-controls', controlsCss);
  return (
    <button
      {...props}
      type={type}
      className={['app-button', props.className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-size={size}
      disabled={disabled}
      aria-disabled={busy || props['aria-disabled'] || undefined}
      aria-busy={busy || props['aria-busy'] || undefined}
      // A press while busy does nothing: no second request, and no form submitted again (Enter in
      // a field presses the form's submit button, and cancelling that press cancels the submission).
      onClick={busy ? (event) => event.preventDefault() : onClick}
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

/**
 * The button under a paged list that loads its next page, drawn only while there is one. While the
 * page loads it is busy and keeps focus (Button); when it goes away after the last page, focus
 * moves to the first row that page brought, not back to the page's heading.
 */
export function ShowMoreButton({ pages, size, children }: { pages: PagedQuery; size?: ButtonProps['size']; children: ButtonProps['children'] }) {
  if (!pages.hasNextPage) return null;
  return (
    <MoreButton pages={pages} size={size}>
      {children}
    </MoreButton>
  );
}

/** ShowMoreButton while it is drawn: its focus and the rows shown when it was pressed. */
function MoreButton({ pages, size, children }: { pages: PagedQuery; size?: ButtonProps['size']; children: ButtonProps['children'] }) {
  const loading = pages.isFetchingNextPage;
  const button = useRef<HTMLButtonElement>(null);
  // The rows shown when the page was asked for, until it has come.
  const asked = useRef<ShownRows | null>(null);
  useLayoutEffect(() => {
    // A page came and more remain: focus stayed on the button.
    if (!loading) asked.current = null;
  }, [loading]);
  useLayoutEffect(() => {
    const element = button.current;
    return () => {
      // Leaving with the last page, focused (React runs this before it takes the button off the
      // page): the new rows are put in later in the same commit, so focus moves once it is done,
      // unless something else took it meanwhile.
      const shown = asked.current;
      if (!shown || !element || document.activeElement !== element) return;
      queueMicrotask(() => {
        const active = document.activeElement;
        if (!active || active === document.body) focusFirstAddedRow(shown);
      });
    };
  }, []);
  return (
    <Button
      ref={button}
      size={size}
      busy={loading}
      onClick={(event) => {
        asked.current = shownRows(event.currentTarget);
        void pages.fetchNextPage();
      }}
    >
      {children}
    </Button>
  );
}
