import type { ReactNode } from 'react';
import { controlsCss } from './controls.css.js';
import { useStyles } from './styles.js';

/**
 * A short muted line in a screen's flow: an empty list's "No links yet.", a state such as
 * "This issue is archived.". `announce` makes it a live status (a note that appears after the
 * person's own action, such as a search with no match); `inline` sets it among other controls.
 */
export function Note({ children, announce = false, inline = false }: { children: ReactNode; announce?: boolean; inline?: boolean }) {
  useStyles('app-controls', controlsCss);
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className="app-note" role={announce ? 'status' : undefined}>
      {children}
    </Tag>
  );
}
