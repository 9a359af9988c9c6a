import { Button } from './button.js';

/** What a screen shows when its list could not be loaded: the reason, as an alert, and a button to try again (the query's refetch). */
export function LoadFailed({ error, retry, retryLabel = 'Try again' }: { error: Error; retry(): void; retryLabel?: string }) {
  return (
    <div role="alert" className="app-inline-form">
      <p>{error.message}</p>
      <Button onClick={retry}>{retryLabel}</Button>
    </div>
  );
}
