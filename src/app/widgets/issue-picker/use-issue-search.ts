import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChecklistResults } from '../issue-checklist/checklist-issue.js';
import { PICKER_FAILED, type IssueSearchParams, type PickerIssue } from './picker-issue.js';

/** Where a search stands: running, answered, or failed (with the text that says so). */
export type IssueSearchState = ChecklistResults<PickerIssue>;

/**
 * Runs `search` whenever `text` or `workspace` changes; only the latest request's answer is
 * shown, so a slow earlier search never overwrites a later one. While a search runs, the last
 * answer is kept as `previous`.
 */
export function useIssueSearch(search: (params: IssueSearchParams) => Promise<PickerIssue[]>, text: string, workspace: boolean): IssueSearchState {
  const [state, setState] = useState<IssueSearchState>({ status: 'loading' });
  // The host may pass a new function on every render; that alone must not search again.
  const latestSearch = useRef(search);
  useLayoutEffect(() => {
    latestSearch.current = search;
  });
  useEffect(() => {
    let current = true;
    setState((last) => ({ status: 'loading', previous: last.status === 'done' ? last.issues : last.status === 'loading' ? last.previous : undefined }));
    // A search that throws at once is a failed search too.
    new Promise<PickerIssue[]>((resolve) => resolve(latestSearch.current({ search: text, workspace_search: workspace }))).then(
      (issues) => current && setState({ status: 'done', issues }),
      () => current && setState({ status: 'error', message: PICKER_FAILED }),
    );
    return () => {
      current = false;
    };
  }, [text, workspace]);
  return state;
}
