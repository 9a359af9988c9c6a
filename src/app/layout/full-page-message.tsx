import { Button } from '../ui/button.js';
import { useDocumentTitle } from '../ui/document-title.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { layoutCss } from './layout.css.js';

/** A centred message filling the page: loading, or a failure with an optional retry. */
export function FullPageMessage({ title, message, busy, onRetry }: { title: string; message?: string; busy?: boolean; onRetry?: () => void }) {
  useStyles('app-layout', layoutCss);
  useDocumentTitle(title);
  return (
    <main className="app-full-page">
      {busy ? (
        <Spinner label={title} />
      ) : (
        <>
          <h1>{title}</h1>
          {message ? <p role="alert">{message}</p> : null}
          {onRetry ? (
            <Button variant="primary" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </>
      )}
    </main>
  );
}
