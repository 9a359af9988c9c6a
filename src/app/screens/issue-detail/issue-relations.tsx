import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { RELATION_TYPES, type RelationType } from '../../../api-shapes/relation-types.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueDetail, IssueRelation } from '../../api/types.js';
import { ActionMenu } from '../../ui/action-menu.js';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/icon.js';
import { Note } from '../../ui/note.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { IssuePickerDialog, type IssueSearchParams, type PickerIssue } from '../../widgets/issue-picker/index.js';
import { IssueSummaryItem, summaryName } from './issue-summary-item.js';

/** Each relation type in words, as seen from the issue whose page lists it. */
export const RELATION_WORDS: Readonly<Record<RelationType, string>> = {
  relates_to: 'Relates to',
  blocking: 'Blocking',
  blocked_by: 'Blocked by',
  duplicate: 'Duplicate of',
};

/** What stands for an issue the reader cannot open (the activity feed's words). */
export const HIDDEN_ISSUE_WORDS = 'An issue you cannot open';

/**
 * An issue's relations, grouped by type in words, each related issue linking to its page (one
 * the reader cannot open says so). Members add relations (the type, then issues of any project
 * they can open through the issue picker) and remove them.
 */
export function IssueRelations({ slug, issue, mayEdit }: { slug: string; issue: IssueDetail; mayEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { project_id: projectId, id: issueId } = issue;
  const issueKey = queryKeys.issue(slug, projectId, issueId);
  const key = [...issueKey, 'relations'];
  const relations = useQuery({ queryKey: key, queryFn: () => api.relations.list(slug, projectId, issueId) });
  const [adding, setAdding] = useState<RelationType | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  // The candidates: issues that are not this one and not related to it yet.
  const search = ({ search, workspace_search }: IssueSearchParams) =>
    api.issues.search(slug, projectId, { search, workspace_search, issue_relation: true, issue_id: issueId });
  // The relation is recorded on both issues: this one's feed and the other's page are read again.
  const refresh = (others: readonly string[]) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: [...issueKey, 'activities'] }),
      ...others.map((id) => queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(id) })),
    ]);
  const add = async (type: RelationType, chosen: PickerIssue[]) => {
    try {
      await api.relations.add(slug, projectId, issueId, type, chosen.map((other) => other.id));
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
      throw error;
    }
    await refresh(chosen.map((other) => other.id));
  };
  const remove = async (relation: IssueRelation) => {
    setRemoving(relation.id);
    try {
      await api.relations.remove(slug, projectId, issueId, relation.id);
      queryClient.setQueryData<IssueRelation[]>(key, (current) => current?.filter((item) => item.id !== relation.id));
      await refresh('id' in relation.issue ? [relation.issue.id] : []);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className="app-issue-section" aria-labelledby="issue-relations-heading">
      <div className="app-issue-section-head">
        <h2 id="issue-relations-heading">Relations</h2>
        {mayEdit ? (
          <ActionMenu
            label="Add relation"
            variant="secondary"
            actions={RELATION_TYPES.map((type) => ({ label: RELATION_WORDS[type], onSelect: () => setAdding(type) }))}
          >
            <Icon icon={Plus} />
            Add relation
          </ActionMenu>
        ) : null}
      </div>
      {relations.isPending ? (
        <Spinner label="Loading relations…" />
      ) : relations.isError ? (
        <p role="alert">{relations.error.message}</p>
      ) : relations.data.length === 0 ? (
        <Note>No relations yet.</Note>
      ) : (
        RELATION_TYPES.map((type) => {
          const ofType = relations.data.filter((relation) => relation.relation_type === type);
          if (!ofType.length) return null;
          const headingId = `issue-relations-${type}`;
          return (
            <div key={type} className="app-relation-group">
              <h3 id={headingId}>{RELATION_WORDS[type]}</h3>
              <ul className="app-linked-issues" aria-labelledby={headingId}>
                {ofType.map((relation) => {
                  const name = 'id' in relation.issue ? summaryName(relation.issue) : HIDDEN_ISSUE_WORDS.toLowerCase();
                  const action = mayEdit ? (
                    <Button
                      size="small"
                      variant="ghost"
                      busy={removing === relation.id}
                      aria-label={`Remove relation: ${RELATION_WORDS[type].toLowerCase()} ${name}`}
                      onClick={() => void remove(relation)}
                    >
                      <Icon icon={X} />
                    </Button>
                  ) : null;
                  return 'id' in relation.issue ? (
                    <IssueSummaryItem key={relation.id} slug={slug} issue={relation.issue} action={action} />
                  ) : (
                    <li key={relation.id} className="app-linked-issue">
                      <span className="app-linked-issue-hidden">{HIDDEN_ISSUE_WORDS}</span>
                      {action}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })
      )}
      {mayEdit ? (
        <IssuePickerDialog
          open={adding !== null}
          onOpenChange={(open) => !open && setAdding(null)}
          search={search}
          onSubmit={(chosen) => add(adding!, chosen)}
          title={`Add relation: ${adding ? RELATION_WORDS[adding].toLowerCase() : ''}`}
          submitLabel="Add relation"
        />
      ) : null}
    </section>
  );
}
