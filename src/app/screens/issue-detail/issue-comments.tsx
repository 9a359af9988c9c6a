import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Comment } from '../../api/types.js';
import { AppEditor } from '../../editor/app-editor.js';
import { keepCommentDraft, readCommentDraft, type DraftPlace } from '../../editor/text-drafts.js';
import { CommentReactions } from './comment-reactions.js';
import type { EditorHost } from '../../editor/use-editor-host.js';
import type { RichEditorElement } from '../../../react/index.js';
import { can, Role } from '../../roles.js';
import { Button } from '../../ui/button.js';
import { isolated } from '../../ui/bidi.js';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog.js';
import { FormError } from '../../ui/form-field.js';
import { Note } from '../../ui/note.js';
import { COMMENT_EMPTY } from '../../../api-shapes/comment-empty.js';
import { ISSUE_ARCHIVED } from '../../../api-shapes/issue-archive.js';
import { Spinner } from '../../ui/spinner.js';
import { useSubmission } from '../../ui/use-submission.js';
import { absoluteTime, relativeTime } from '../../widgets/activity-feed/index.js';
import { submitOnModEnter } from '../../widgets/command-palette/shortcuts.js';

interface CommentsProps {
  slug: string;
  projectId: string;
  issueId: string;
  /** The user's project role. */
  role: number | undefined;
  userId: string;
  host: EditorHost;
  /** The issue is archived: its comments are read, none added, changed or deleted until it is restored. */
  archived?: boolean;
}

/** An issue's comments, each in its own editor (read-only until its author or an admin edits it), and a new one. */
export function IssueComments({ slug, projectId, issueId, role, userId, host, archived = false }: CommentsProps) {
  const api = useApi();
  const key = [...queryKeys.issue(slug, projectId, issueId), 'comments'];
  const comments = useQuery({ queryKey: key, queryFn: () => api.comments.list(slug, projectId, issueId) });
  return (
    <section className="app-issue-section" aria-labelledby="issue-comments-heading">
      <h2 id="issue-comments-heading" tabIndex={-1}>
        Comments
      </h2>
      {comments.isPending ? (
        <Spinner label="Loading comments…" />
      ) : comments.isError ? (
        <p role="alert">{comments.error.message}</p>
      ) : comments.data.length ? (
        <ol className="app-comment-list">
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              mayChange={!archived && (comment.actor?.id === userId || can(role, Role.Admin))}
              reactions={<CommentReactions comment={comment} userId={userId} mayReact={!archived && can(role, Role.Member)} commentsKey={key} {...{ slug, projectId, issueId }} />}
              {...{ slug, projectId, issueId, userId, host }}
            />
          ))}
        </ol>
      ) : (
        <Note>No comments yet.</Note>
      )}
      {!can(role, Role.Member) ? null : archived ? <Note>{ISSUE_ARCHIVED}</Note> : <NewComment {...{ slug, projectId, issueId, userId, host }} />}
    </section>
  );
}

function useRefreshIssue(slug: string, projectId: string, issueId: string) {
  const queryClient = useQueryClient();
  // Comments and the activity feed both change.
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.issue(slug, projectId, issueId) });
}

interface CommentItemProps {
  comment: Comment;
  mayChange: boolean;
  /** The comment's reactions, under its text. */
  reactions: ReactNode;
  slug: string;
  projectId: string;
  issueId: string;
  userId: string;
  host: EditorHost;
}

function CommentItem({ comment, mayChange, reactions, slug, projectId, issueId, userId, host }: CommentItemProps) {
  const api = useApi();
  const refresh = useRefreshIssue(slug, projectId, issueId);
  const editor = useRef<RichEditorElement>(null);
  const place: DraftPlace = { userId, issueId, comment };
  // An edit left unsaved (another screen, a reload) comes back as it was left (text-drafts.ts).
  const [draft, setDraft] = useState(() => (mayChange ? readCommentDraft(place) : ''));
  const [editing, setEditing] = useState(draft !== '');
  const editButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the comment has switched mode: into its text to edit it (at the end,
  // typed into at once), back to its Edit button once saved or cancelled. Not for an edit
  // restored from a draft: the page is just opening.
  const focusNext = useRef<'text' | 'edit' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    const element = editor.current;
    if (next === 'text' && element) void element.updateComplete.then(() => element.focusAt('end'));
    else if (next === 'edit') editButton.current?.focus();
  }, [editing]);
  const startEditing = () => {
    focusNext.current = 'text';
    setEditing(true);
  };
  const stopEditing = () => {
    keepCommentDraft(place, '');
    setDraft('');
    focusNext.current = 'edit';
    setEditing(false);
  };
  const { busy, failure, run } = useSubmission();
  const author = comment.actor?.display_name ?? 'Deleted user';

  const save = async () => {
    const html = editor.current?.getHTML();
    if (html === undefined) return;
    const saved = await run(async () => {
      await api.comments.update(slug, projectId, issueId, comment.id, html);
      stopEditing();
      await refresh();
    });
    // The Save button was disabled while it sent, which took focus away: back to the text.
    if (!saved) editor.current?.focus();
  };
  const [deleting, setDeleting] = useState(false);
  // Asked first: a comment deleted is gone for everyone, with no undo. A failure shows in the dialog.
  const deleted = useRef(false);
  const remove = async () => {
    await api.comments.remove(slug, projectId, issueId, comment.id);
    keepCommentDraft(place, '');
    deleted.current = true;
    await refresh();
  };

  return (
    <li className="app-comment" aria-label={`Comment by ${author}`}>
      <header>
        <strong>
          <bdi>{author}</bdi>
        </strong>
        <time dateTime={comment.created_at} title={absoluteTime(comment.created_at)}>
          {relativeTime(comment.created_at, new Date())}
        </time>
        {/* Changed since it was written (by its author, or an admin: the activity says who). */}
        {comment.updated_at !== comment.created_at ? (
          <span className="app-comment-edited" title={`Edited ${absoluteTime(comment.updated_at)}`}>
            (edited)
          </span>
        ) : null}
        {mayChange && !editing ? (
          <span className="app-comment-actions">
            <Button ref={editButton} size="small" variant="ghost" onClick={startEditing} aria-label={`Edit comment by ${author}`}>
              Edit
            </Button>
            <Button size="small" variant="ghost" onClick={() => setDeleting(true)} aria-label={`Delete comment by ${author}`}>
              Delete
            </Button>
          </span>
        ) : null}
      </header>
      <ConfirmDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete comment"
        description={`The comment by ${isolated(author)} will be deleted for everyone who can see this issue. This cannot be undone.`}
        onDelete={remove}
        onCloseAutoFocus={(event) => {
          // The comment whose button opened the dialog is gone: the comments' heading takes focus instead.
          if (event.defaultPrevented || !deleted.current) return;
          event.preventDefault();
          document.getElementById('issue-comments-heading')?.focus();
        }}
      />
      {/* A fresh element per mode, so Cancel brings back the stored text. */}
      <AppEditor
        key={editing ? 'edit' : 'view'}
        onKeyDownCapture={editing ? submitOnModEnter(() => void save()) : undefined}
        ref={editor}
        value={editing && draft ? draft : comment.comment_html}
        onChange={editing ? (event) => keepCommentDraft(place, event.detail.html === comment.comment_html ? '' : event.detail.html) : undefined}
        readOnly={!editing}
        aria-label={`Comment by ${author}`}
        {...host}
      />
      {editing ? (
        <div className="app-editor-actions">
          <Button variant="primary" busy={busy} onClick={() => void save()}>
            Save comment
          </Button>
          <Button onClick={stopEditing}>Cancel</Button>
        </div>
      ) : (
        reactions
      )}
      <FormError message={failure} />
    </li>
  );
}

/** The box for a new comment: what is written in it is kept until it is posted (text-drafts.ts). */
function NewComment({ slug, projectId, issueId, userId, host }: { slug: string; projectId: string; issueId: string; userId: string; host: EditorHost }) {
  const api = useApi();
  const refresh = useRefreshIssue(slug, projectId, issueId);
  const editor = useRef<RichEditorElement>(null);
  const place: DraftPlace = { userId, issueId };
  const [draft] = useState(() => readCommentDraft(place));
  const { busy, failure, setFailure, run } = useSubmission();

  const submit = async () => {
    const html = editor.current?.getHTML();
    if (html === undefined) return;
    // Nothing written: said at once, without asking the server (which would refuse it the same way).
    if (!html) setFailure(COMMENT_EMPTY);
    else {
      await run(async () => {
        await api.comments.create(slug, projectId, issueId, html);
        keepCommentDraft(place, '');
        editor.current?.clear();
        await refresh();
      });
    }
    // The Comment button was disabled while it sent, which took focus away: back to the box, for the next one or a fix.
    editor.current?.focus();
  };

  return (
    <div>
      <div className="app-editor-box">
        <AppEditor
          ref={editor}
          value={draft}
          aria-label="New comment"
          placeholder="Add a comment…"
          onChange={(event) => {
            keepCommentDraft(place, event.detail.html);
            // A refusal is about what was sent; once the text changes it no longer applies.
            setFailure(null);
          }}
          onKeyDownCapture={submitOnModEnter(() => void submit())}
          {...host}
        />
      </div>
      <FormError message={failure} />
      <div className="app-editor-actions">
        <Button variant="primary" busy={busy} onClick={() => void submit()}>
          Comment
        </Button>
      </div>
    </div>
  );
}
