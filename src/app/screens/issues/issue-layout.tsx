import { useSearchParamEdits } from '../../router/search-param-edits.js';
import { Button } from '../../ui/button.js';

import type { IssueLayout } from '../../../api-shapes/issue-display.js';

/** How a project's issues are laid out (the shared list a saved view is checked against). */
export type { IssueLayout };

const LAYOUTS: ReadonlyArray<{ value: IssueLayout; label: string }> = [
  { value: 'list', label: 'List' },
  { value: 'board', label: 'Board' },
];

const storageKey = (projectId: string) => `issue-layout:${projectId}`;

function stored(projectId: string): IssueLayout {
  try {
    return localStorage.getItem(storageKey(projectId)) === 'board' ? 'board' : 'list';
  } catch {
    // Storage can be refused (private modes, sandboxed frames): the list is the default then.
    return 'list';
  }
}

/** The layout of a project's issues: `?layout=` when given, else the one last chosen for the project. */
export function useIssueLayout(projectId: string): [IssueLayout, (layout: IssueLayout) => void] {
  const [params, edit] = useSearchParamEdits();
  const asked = params.get('layout');
  const layout: IssueLayout = asked === 'board' || asked === 'list' ? asked : stored(projectId);
  const choose = (next: IssueLayout) => {
    try {
      localStorage.setItem(storageKey(projectId), next);
    } catch {
      // Remembered in the URL only.
    }
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
