import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { IssueChanges, IssuePage } from '../../api/issues.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueRow } from '../../api/types.js';
import { useNotify } from '../../ui/toasts.js';
import { chosenOf, labelsInOrder, useProjectChoices, type ProjectChoices } from './issue-pickers.js';

/** The properties a row or card changes in place, as the issue's PATCH route takes them. */
export type RowChanges = Pick<IssueChanges, 'state_id' | 'priority' | 'assignee_ids' | 'label_ids' | 'start_date' | 'target_date'>;

/** Changes a listed issue in place (a row's or card's picker, the board's drag); resolves to whether the change stuck. */
export type IssueChange = (issue: IssueRow, changes: RowChanges) => Promise<boolean>;

/** What rows and cards need to change their issue in place (members and admins): the project's choices and the change. */
export interface RowEditing {
  choices: ProjectChoices;
  onIssueChange: IssueChange;
}

/** The row change, and the rows as they are to be shown: with the changes the list has no answer of its own for yet. */
export interface RowChange extends RowEditing {
  shownRows: <T extends IssueRow>(issues: T[]) => T[];
}

/** A change shown over the rows until the list's answer holds it. */
interface HeldChange {
  issueId: string;
  shown: Partial<IssueRow>;
}

/** How a row shows `changes` at once: the ids and what the row draws from them (the state's look, the people, the labels). */
export function shownChanges(issue: IssueRow, changes: RowChanges, choices: ProjectChoices): Partial<IssueRow> {
  const shown: Partial<IssueRow> = {};
  if (changes.state_id !== undefined) {
    const state = choices.states?.find((candidate) => candidate.id === changes.state_id);
    Object.assign(shown, { state_id: changes.state_id }, state && { state__color: state.color, state__name: state.name, state__group: state.group });
  }
  if (changes.priority !== undefined) shown.priority = changes.priority;
  if (changes.target_date !== undefined) shown.target_date = changes.target_date;
  if (changes.assignee_ids !== undefined) {
    shown.assignee_ids = changes.assignee_ids;
    shown.assignees = chosenOf(changes.assignee_ids, choices.members, issue.assignees).map(({ id, display_name, first_name, is_bot, avatar }) => ({ id, display_name, first_name, is_bot, avatar }));
  }
  if (changes.label_ids !== undefined) {
    shown.label_ids = changes.label_ids;
    shown.labels = labelsInOrder(changes.label_ids, choices.labels, issue.labels).map(({ id, name, color }) => ({ id, name, color }));
  }
  return shown;
}

/**
 * Changes a project's listed issues in place through the issue's PATCH route (as the side panel
 * does): the list (`listKey`) shows the change at once and takes it back, with the server's
 * refusal as an error toast, when the server refuses. The one path of the rows', cards' and board's changes.
 * A list still showing its last answer (its filters or search just changed) has no data of its
 * own to change: the change is held over the rows shown (`shownRows`) until the list is read
 * again after it, so a row keeps its new value and a card its new column meanwhile.
 * The project's choices are asked for only while `enabled` (the user may change issues).
 */
export function useIssueRowChange(slug: string, projectId: string, listKey: QueryKey, enabled = true): RowChange {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const choices = useProjectChoices(slug, projectId, enabled);
  const [held, setHeld] = useState<readonly HeldChange[]>([]);
  const onIssueChange: IssueChange = async (issue, changes) => {
    const shown = shownChanges(issue, changes, choices);
    const answered = queryClient.getQueryData(listKey) !== undefined;
    const hold: HeldChange = { issueId: issue.id, shown };
    const release = () => setHeld((current) => current.filter((change) => change !== hold));
    let previous: InfiniteData<IssuePage<IssueRow>> | undefined;
    if (answered) {
      await queryClient.cancelQueries({ queryKey: listKey });
      previous = queryClient.getQueryData<InfiniteData<IssuePage<IssueRow>>>(listKey);
      queryClient.setQueryData<InfiniteData<IssuePage<IssueRow>>>(listKey, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, issues: page.issues.map((listed) => (listed.id === issue.id ? { ...listed, ...shown } : listed)) })),
        },
      );
    } else setHeld((current) => [...current, hold]);
    try {
      await api.issues.update(slug, projectId, issue.id, changes);
    } catch (error) {
      if (answered) queryClient.setQueryData(listKey, previous);
      else release();
      notify({ type: 'error', message: errorMessage(error) });
      return false;
    }
    if (answered) {
      // The issue's own page or preview, when open, shows the change too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.issue(slug, projectId, issue.id) });
    } else {
      // The list's read under way (or the one of filters chosen since) left before the change:
      // it is dropped, the project's lists shown and the issue are read anew, and the change is
      // let go once those answers, which hold it, are in.
      const lists = queryKeys.issues(slug, projectId);
      void queryClient
        .cancelQueries({ queryKey: lists })
        .then(() => queryClient.invalidateQueries({ queryKey: lists }))
        .finally(release);
    }
    return true;
  };
  const shownRows = useCallback(
    <T extends IssueRow>(issues: T[]): T[] =>
      held.length === 0 ? issues : issues.map((issue) => held.reduce((row, change) => (change.issueId === row.id ? { ...row, ...change.shown } : row), issue)),
    [held],
  );
  return { choices, onIssueChange, shownRows };
}
