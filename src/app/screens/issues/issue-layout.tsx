import { useSearchParamEdits } from '../../router/search-param-edits.js';
import { Button } from '../../ui/button.js';
import { useStoredChoice } from '../../ui/stored-choice.js';

import type { IssueLayout } from '../../../api-shapes/issue-display.js';

/** How a project's issues are laid out (the shared list a saved view is checked against). */
export type { IssueLayout };

const LAYOUTS: ReadonlyArray<{ value: IssueLayout; label: string }> = [
  { value: 'list', label: 'List' },
  { value: 'board', label: 'Board' },
];

/** Where the browser remembers the layout last chosen for a project. */
export const layoutStorageKey = (projectId: string) => `issue-layout:${projectId}`;

const layoutOf = (stored: string | null): IssueLayout => (stored === 'board' ? 'board' : 'list');

/** The layout of a project's issues: `?layout=` when given, else the one last chosen for the project (list by default). */
export function useIssueLayout(projectId: string): [IssueLayout, (layout: IssueLayout) => void] {
  const [params, edit] = useSearchParamEdits();
  const [remembered, remember] = useStoredChoice(layoutStorageKey(projectId), layoutOf);
  const asked = params.get('layout');
  const layout: IssueLayout = asked === 'board' || asked === 'list' ? asked : remembered;
  const choose = (next: IssueLayout) => {
    remember(next);
    edit((updated) => updated.set('layout', next));
  };
  return [layout, choose];
}

/** The List / Board switch: a labelled group of toggle buttons. */
export function IssueLayoutSwitch({ value, onChange }: { value: IssueLayout; onChange(layout: IssueLayout): void }) {
  return (
    <div className="app-layout-switch" role="group" aria-label="Layout">
      {LAYOUTS.map((layout) => (
        <Button key={layout.value} size="small" variant={value === layout.value ? 'primary' : 'ghost'} aria-pressed={value === layout.value} onClick={() => onChange(layout.value)}>
          {layout.label}
        </Button>
      ))}
    </div>
  );
}
