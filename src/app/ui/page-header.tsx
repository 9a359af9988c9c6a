import type { ReactNode } from 'react';
import { controlsCss } from './controls.css.js';
import { useDocumentTitle } from './document-title.js';
import { useStyles } from './styles.js';

/** The props of PageHeader. */
export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** The screen's name in the document's title, most specific part first: the heading's words unless said (a heading that is not text says it here). */
  documentTitle?: string | readonly string[];
}

/** A screen's heading (its one h1), an optional line under it, and its actions on the right; it names the screen in the document's title too. */
export function PageHeader({ title, description, actions, documentTitle }: PageHeaderProps) {
  useStyles('app-controls', controlsCss);
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
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
