import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2, Upload, X } from 'lucide-react';
import { useCallback, useId, useRef, useState, type DragEvent } from 'react';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Attachment } from '../../api/types.js';
import { useUploadLimit } from '../../editor/use-upload-limit.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog.js';
import { Icon } from '../../ui/icon.js';
import { Note } from '../../ui/note.js';
import { ISSUE_ARCHIVED } from '../../../api-shapes/issue-archive.js';
import { Spinner } from '../../ui/spinner.js';
import { useStyles } from '../../ui/styles.js';
import { effectiveMaxSize } from '../../widgets/image-upload/image-rules.js';
import { attachmentKind, formatFileSize } from './attachment-kinds.js';
import { issueAttachmentsCss } from './issue-attachments.css.js';
import { useAttachmentUploads, type SendAttachment } from './use-attachment-uploads.js';
import { isolated } from '../../ui/bidi.js';

interface AttachmentsProps {
  slug: string;
  projectId: string;
  issueId: string;
  /** The user's project role. */
  role: number | undefined;
  userId: string;
  /** The issue is archived: its attachments are listed, none added or deleted until it is restored. */
  archived?: boolean;
}

/** Whether a drag carries files (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * An issue's attachments: listed for everyone who sees the issue (icon by type, name as a
 * download, size, uploader, date); members and admins add files with the button or by dropping
 * them on the section, each with its progress; the uploader or an admin deletes one after a
 * confirmation.
 */
export function IssueAttachments({ slug, projectId, issueId, role, userId, archived = false }: AttachmentsProps) {
  useStyles('app-issue-attachments', issueAttachmentsCss);
  const api = useApi();
  const queryClient = useQueryClient();
  const attachments = useQuery({ queryKey: [...queryKeys.issue(slug, projectId, issueId), 'attachments'], queryFn: () => api.attachments.list(slug, projectId, issueId) });
  const limit = effectiveMaxSize(useUploadLimit());
  const mayUpload = can(role, Role.Member) && !archived;
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<Attachment | null>(null);

  // The list and the activity feed (both under the issue's key) change.
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.issue(slug, projectId, issueId) }),
    [queryClient, slug, projectId, issueId],
  );
  const send = useCallback<SendAttachment>((file, options) => api.attachments.upload(slug, projectId, issueId, file, options), [api, slug, projectId, issueId]);
  const { uploads, problems, done, add } = useAttachmentUploads({ send, limit, onUploaded: refresh });

  const onDragOver = (event: DragEvent) => {
    if (!mayUpload || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // Moving over a child fires dragleave on the section too: only leaving the section counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!mayUpload || !carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const remove = async () => {
    if (!deleting) return;
    await api.attachments.remove(slug, projectId, issueId, deleting.id);
    await refresh();
    setDeleting(null);
  };

  return (
    <section
      className="app-issue-section app-attachments"
      aria-labelledby="issue-attachments-heading"
      data-dragging={dragging || undefined}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <div className="app-issue-section-head">
        <h2 id="issue-attachments-heading" ref={heading} tabIndex={-1}>
          Attachments
        </h2>
        <Button size="small" disabled={!mayUpload} aria-describedby={hintId} onClick={() => input.current?.click()}>
          <Icon icon={Upload} />
          Upload files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            // Choosing the same file again must fire change again.
            event.currentTarget.value = '';
          }}
        />
      </div>
      <p id={hintId} className="app-attachments-hint">
        {mayUpload ? `Any file up to ${formatFileSize(limit)}. Drop files here or choose them.` : archived ? ISSUE_ARCHIVED : 'Guests and viewers cannot upload attachments.'}
      </p>
      {uploads.length ? (
        <ul className="app-attachment-uploads" aria-label="Uploads in progress">
          {uploads.map((upload) => (
            <li key={upload.id}>
              <span className="app-attachment-name">{upload.name}</span>
              <progress max={100} value={upload.progress} aria-label={`Uploading ${upload.name}`} />
              <span aria-hidden="true">{upload.progress}%</span>
              <Button size="small" variant="ghost" onClick={upload.cancel} aria-label={`Cancel uploading ${upload.name}`}>
                <Icon icon={X} />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div role="alert" className="app-attachments-problems">
        {problems.length ? (
          <ul>
            {problems.map((problem) => (
              <li key={problem.id}>
                <strong>{problem.name}</strong> {problem.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p role="status" className="app-visually-hidden">
        {done}
      </p>
      {attachments.isPending ? (
        <Spinner label="Loading attachments…" />
      ) : attachments.isError ? (
        <p role="alert">{attachments.error.message}</p>
      ) : attachments.data.length === 0 ? (
        <Note>No attachments yet.</Note>
      ) : (
        <ul className="app-attachment-list">
          {attachments.data.map((attachment) => (
            <AttachmentRow
              key={attachment.id}
              attachment={attachment}
              mayDelete={!archived && (attachment.uploaded_by?.id === userId || can(role, Role.Admin))}
              onDelete={() => setDeleting(attachment)}
            />
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete attachment"
        description={`"${isolated(deleting?.name ?? '')}" will be deleted for everyone who can see this issue.`}
        onDelete={remove}
        onCloseAutoFocus={(event) => {
          // The row whose button opened the dialog is gone: the section takes focus instead.
          if (event.defaultPrevented) return;
          event.preventDefault();
          heading.current?.focus();
        }}
      />
    </section>
  );
}

function AttachmentRow({ attachment, mayDelete, onDelete }: { attachment: Attachment; mayDelete: boolean; onDelete(): void }) {
  const kind = attachmentKind(attachment.content_type);
  const uploader = attachment.uploaded_by?.display_name ?? 'Deleted user';
  return (
    <li className="app-attachment">
      <span className="app-attachment-icon" role="img" aria-label={kind.label}>
        <Icon icon={kind.icon} />
      </span>
      <div className="app-attachment-body">
        <a className="app-attachment-name" href={attachment.download_url} download={attachment.name}>
          {attachment.name}
          <Icon icon={Download} size="small" />
        </a>
        <span className="app-attachment-meta">
          {formatFileSize(attachment.size)} · <bdi>{uploader}</bdi> · <time dateTime={attachment.created_at}>{new Date(attachment.created_at).toLocaleString()}</time>
        </span>
      </div>
      {mayDelete ? (
        <Button size="small" variant="ghost" onClick={onDelete} aria-label={`Delete ${attachment.name}`}>
          <Icon icon={Trash2} />
        </Button>
      ) : null}
    </li>
  );
}
