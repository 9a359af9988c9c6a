import { controlsCss } from './controls.css.js';
import { useStyles } from './styles.js';

/** A busy indicator that assistive technology announces with its label. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  useStyles('app-controls', controlsCss);
  return (
    <span className="app-spinner" role="status">
      <span className="app-spinner-ring" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
