import type { ReactNode } from 'react';
import { controlsCss } from './controls.css.js';
import { useStyles } from './styles.js';

/** A screen's heading (its one h1), an optional line under it, and its actions on the right. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  useStyles('app-controls', controlsCss);
  return (
    <header className="app-page-header">
      <div>
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? <div className="app-page-header-actions">{actions}</div> : null}
    </header>
  );
}
