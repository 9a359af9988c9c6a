import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import type { IssueDraft } from '../api/types.js';
import { EmptyState } from '../empty-states/index.js';
import { useDrafts, useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { Button } from '../ui/button.js';
import { LoadFailed } from '../ui/load-failed.js';
import { ConfirmDeleteDialog } from '../ui/confirm-delete-dialog.js';
import { Icon } from '../ui/icon.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { absoluteTime, relativeTime } from '../widgets/activity-feed/index.js';
import { draftsCss } from './drafts-screen.css.js';
import { useWorkspaceCreate } from './empty-state-actions.js';
import { CreateIssueDialog } from './issues/create-issue-dialog.js';
import { screensCss } from './screens.css.js';
import { isolated } from '../ui/bidi.js';

/** A draft's title as lists show it: "Untitled" until it has one. */
export const draftTitle = (draft: IssueDraft) => draft.name.trim() || 'Untitled';

function DraftRow({ draft, now, onOpen, onDelete }: { draft: IssueDraft; now: Date; onOpen(): void; onDelete(): void }) {
  const title = draftTitle(draft);
  return (
    <li className="app-issue-row app-draft-row">
      <button type="button" className="app-draft-open" data-untitled={draft.name.trim() ? undefined : ''} onClick={onOpen}>
        {title}
      </button>
      <span className="app-draft-meta">
        <span className="app-issue-key app-draft-project" title={draft.project__name}>
          <span className="app-project-key" aria-hidden="true">
            {draft.project__identifier}
          </span>
          {draft.project__name}
        </span>
        <time className="app-issue-date" dateTime={draft.updated_at} title={absoluteTime(draft.updated_at)}>
          {`Edited ${relativeTime(draft.updated_at, now)}`}
        </time>
      </span>
      <Button variant="ghost" size="small" className="app-draft-delete" aria-label={`Delete draft ${title}`} onClick={onDelete}>
        <Icon icon={Trash2} />
      </Button>
    </li>
  );
}

/**
 * The user's draft issues in the workspace (what the create-issue dialog kept when it was closed),
 * last edited first: a draft opens in the create dialog to go on with it and create the issue,
 * and is deleted after a confirmation. Without any, the spec's drafts empty state.
 */
export function DraftsScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-drafts', draftsCss);
  const slug = useWorkspaceSlug();
  const workspace = useWorkspace(slug);
  const create = useWorkspaceCreate(slug);
  const drafts = useDrafts(slug);
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [editing, setEditing] = useState<IssueDraft | null>(null);
  const [deleting, setDeleting] = useState<IssueDraft | null>(null);

  const remove = async (draft: IssueDraft) => {
    await api.drafts.remove(slug, draft.id);
    await queryClient.invalidateQueries({ queryKey: queryKeys.drafts(slug) });
    setDeleting(null);
    notify({ type: 'success', message: `Draft ${isolated(draftTitle(draft))} deleted.` });
  };

  const body = () => {
    if (drafts.isPending) return <Spinner label="Loading drafts…" />;
    if (drafts.isError) {
      return <LoadFailed error={drafts.error} retry={() => void drafts.refetch()} />;
    }
    if (!drafts.data.length) return <EmptyState type="drafts" role={workspace.data?.role} onAction={create} />;
    const now = new Date();
    return (
      <ul className="app-issue-list" aria-label="Drafts">
        {drafts.data.map((draft) => (
          <DraftRow key={draft.id} draft={draft} now={now} onOpen={() => setEditing(draft)} onDelete={() => setDeleting(draft)} />
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageHeader title="Drafts" description="Issues you started and closed before creating them." />
      <div className="app-content">{body()}</div>
      {editing ? (
        <CreateIssueDialog key={editing.id} slug={slug} projectId={editing.project_id} draft={editing} open onOpenChange={(open) => void (open || setEditing(null))} />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => void (open || setDeleting(null))}
        title="Delete draft"
        description={deleting ? `The draft ${draftTitle(deleting)} will be deleted. This cannot be undone.` : ''}
        onDelete={() => remove(deleting!)}
      />
    </>
  );
}
