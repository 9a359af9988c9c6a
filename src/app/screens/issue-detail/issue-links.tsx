import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import { Button } from '../../ui/button.js';
import { Note } from '../../ui/note.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { LinkDialog, LinkList, type IssueLink, type LinkInput } from '../../widgets/link-dialog/index.js';

/** An issue's links: listed for everyone; members add, edit and delete them through the link dialog. */
export function IssueLinks({ slug, projectId, issueId, mayEdit }: { slug: string; projectId: string; issueId: string; mayEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = [...queryKeys.issue(slug, projectId, issueId), 'links'];
  const links = useQuery({ queryKey: key, queryFn: () => api.links.list(slug, projectId, issueId) });
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<IssueLink | null>(null);

  // The link changes appear in the activity feed too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.issue(slug, projectId, issueId) });
  const submit = async (input: LinkInput) => {
    if (editing) await api.links.update(slug, projectId, issueId, editing.id, input);
    else await api.links.create(slug, projectId, issueId, input);
    await refresh();
  };
  const remove = async (link: IssueLink) => {
    await api.links.remove(slug, projectId, issueId, link.id);
    await refresh();
  };

  return (
    <section className="app-issue-section" aria-labelledby="issue-links-heading">
      <div className="app-issue-section-head">
        <h2 id="issue-links-heading">Links</h2>
        <Button
          size="small"
          disabled={!mayEdit}
          title={mayEdit ? undefined : 'Guests and viewers cannot add links.'}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          Add link
        </Button>
      </div>
      {links.isPending ? (
        <Spinner label="Loading links…" />
      ) : links.isError ? (
        <p role="alert">{links.error.message}</p>
      ) : links.data.length === 0 ? (
        <Note>No links yet.</Note>
      ) : (
        <LinkList
          links={links.data}
          notify={notify}
          canEdit={mayEdit}
          onEdit={(link) => {
            setEditing(link);
            setOpen(true);
          }}
        />
      )}
      <LinkDialog open={open} onOpenChange={setOpen} link={editing} onSubmit={submit} onDelete={remove} canCreate={mayEdit} canEdit={mayEdit} />
    </section>
  );
}
