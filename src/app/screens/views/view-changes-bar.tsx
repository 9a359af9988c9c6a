import { ISSUE_DISPLAY_PROPERTIES } from '../../../api-shapes/issue-display.js';
import type { SavedViewQuery } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { useStyles } from '../../ui/styles.js';
import { useSubmission } from '../../ui/use-submission.js';
import { VIEW_WORDS } from './view-words.js';

/** Whether two saved queries show the same list: empty filters and the order of shown properties do not count. */
export function sameViewQuery(a: SavedViewQuery, b: SavedViewQuery): boolean {
  const filterKeys = new Set([...Object.keys(a.filters), ...Object.keys(b.filters)]) as Set<keyof SavedViewQuery['filters']>;
  for (const key of filterKeys) if ((a.filters[key] || '') !== (b.filters[key] || '')) return false;
  const shown = (query: SavedViewQuery) => ISSUE_DISPLAY_PROPERTIES.filter((item) => query.display.includes(item)).join(',');
  return a.order === b.order && a.group_by === b.group_by && a.layout === b.layout && shown(a) === shown(b);
}

const viewChangesCss = `
.app-view-changes {
  display: flex; flex-wrap: wrap; align-items: center; gap: var(--app-space-2); margin: 0 0 var(--app-space-3);
  padding: var(--app-space-2) var(--app-space-3); border: 1px solid var(--app-border); border-radius: 8px; background: var(--app-surface);
}
.app-view-changes-text { flex: 1 1 12em; margin: 0; color: var(--app-muted); font-size: var(--app-text-sm); }
@media (max-width: 767.98px) {
  /* A phone keeps both buttons on screen as 44 px tap targets. */
  .app-view-changes .app-button { min-height: 44px; }
}
`;

/**
 * The bar over a saved view's issues once the list differs from what the view saved (as Linear
 * and Plane show it): Reset goes back to the saved list; Save changes stores the list in the
 * view, for those who may change it (`refused` says why the others may not).
 */
export function ViewChangesBar({ refused, onSave, onReset }: { refused?: string; onSave(): Promise<void>; onReset(): void }) {
  useStyles('app-view-changes', viewChangesCss);
  // A refusal is told by the caller's toast; the submission only sends once per press, and the
  // button is busy meanwhile (it keeps keyboard focus).
  const submission = useSubmission();
  return (
    <div className="app-view-changes" role="group" aria-label={VIEW_WORDS.changes}>
      <p className="app-view-changes-text">{VIEW_WORDS.changed}</p>
      <Button size="small" title={VIEW_WORDS.resetTitle} disabled={submission.busy} onClick={onReset}>
        {VIEW_WORDS.reset}
      </Button>
      <Button size="small" variant="primary" disabled={!!refused} title={refused} busy={submission.busy} onClick={() => void submission.run(onSave)}>
        {submission.busy ? VIEW_WORDS.saving : VIEW_WORDS.saveChanges}
      </Button>
    </div>
  );
}
