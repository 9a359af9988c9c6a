import { useAnswer } from '../../ui/use-answer.js';
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
  const answer = useAnswer(() => search({ search: text, workspace_search: workspace }), JSON.stringify([text, workspace]));
  if (answer.status === 'done') return { status: 'done', issues: answer.value };
  if (answer.status === 'error') return { status: 'error', message: PICKER_FAILED };
  return { status: 'loading', previous: answer.status === 'loading' ? answer.previous : undefined };
}
