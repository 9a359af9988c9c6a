import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { clock } from '../../../core/index.js';
import { AppDialog, DialogClose } from '../../ui/dialog.js';
import { useStyles } from '../../ui/styles.js';
import { linkDialogCss } from './link-dialog.css.js';
import {
  CANNOT_ADD_LINKS,
  CANNOT_EDIT_LINKS,
  EMPTY_LINK_FORM,
  LINK_RESET_DELAY_MS,
  failureText,
  linkFormValues,
  linkInput,
  linkUrlProblem,
  type IssueLink,
  type LinkFormValues,
  type LinkInput,
} from './link-fields.js';

/** Props of {@link LinkDialog}. */
export interface LinkDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The link to edit; without it the dialog creates a new link. */
  link?: IssueLink | null;
  /** Saves the link; a rejection's message is shown in the dialog. */
  onSubmit(input: LinkInput): Promise<void>;
  /** Deletes the edited link (the delete action shows only when given, in edit mode). */
  onDelete?(link: IssueLink): Promise<void>;
  /** Whether the user may add links. */
  canCreate: boolean;
  /** Whether the user may edit and delete links (guests and viewers may not). */
  canEdit: boolean;
}

/** A dialog that adds a link to an issue or edits (and deletes) an existing one. */
export function LinkDialog({ open, onOpenChange, link, onSubmit, onDelete, canCreate, canEdit }: LinkDialogProps) {
  useStyles('link-dialog', linkDialogCss);
  const editing = Boolean(link);
  const allowed = editing ? canEdit : canCreate;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LinkFormValues>({ defaultValues: EMPTY_LINK_FORM });
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const resetTimer = useRef<unknown>(undefined);
  const id = useId();
  const urlErrorId = `${id}-url-error`;
  const noteId = `${id}-note`;
  const failureId = `${id}-failure`;

  // Primitive dependencies: a host passing a fresh but equal link object must not wipe the user's edits.
  const linkId = link?.id;
  const linkUrl = link?.url;
  const linkTitle = link?.title;
  useEffect(() => {
    clock.clearTimeout(resetTimer.current);
    if (open) {
      // An edited link is shown as it is now, even when the dialog is reopened quickly.
      if (linkId !== undefined) reset(linkFormValues({ id: linkId, url: linkUrl ?? '', title: linkTitle ?? null }));
      return;
    }
    // Reset only once the closing animation is over, so the closing dialog keeps its text.
    resetTimer.current = clock.setTimeout(() => {
      reset(EMPTY_LINK_FORM);
      setFailure(null);
    }, LINK_RESET_DELAY_MS);
  }, [open, linkId, linkUrl, linkTitle, reset]);
  useEffect(() => () => clock.clearTimeout(resetTimer.current), []);

  const save = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(linkInput(values));
    } catch (error) {
      setFailure(failureText(error));
      return;
    }
    onOpenChange(false);
  });
  const remove = async () => {
    if (!link || !onDelete) return;
    setFailure(null);
    setDeleting(true);
    try {
      await onDelete(link);
    } catch (error) {
      setFailure(failureText(error));
      return;
    } finally {
      setDeleting(false);
    }
    onOpenChange(false);
  };
  const busy = isSubmitting || deleting;
  const submitLabel = editing ? (isSubmitting ? 'Updating link…' : 'Update link') : isSubmitting ? 'Adding link…' : 'Add link';

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Update link' : 'Add link'}
      description={editing ? 'Change the URL or the title of this link.' : 'Add a URL and, if you like, a title to show instead.'}
      size="small"
      fade
    >
      <form className="ld-form" onSubmit={save} noValidate>
        {!allowed && (
          <p id={noteId} className="ld-note">
            {editing ? CANNOT_EDIT_LINKS : CANNOT_ADD_LINKS}
          </p>
        )}
        <fieldset className="ld-fields" disabled={!allowed}>
          <label className="ld-field">
            URL
            <input
              type="url"
              placeholder="https://example.com"
              autoComplete="off"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? urlErrorId : undefined}
              {...register('url', { validate: (url) => linkUrlProblem(url) ?? true })}
            />
          </label>
          {errors.url && (
            <p id={urlErrorId} className="ld-error" role="alert">
              {errors.url.message}
            </p>
          )}
          <label className="ld-field">
            Title (optional)
            <input type="text" placeholder="Shown instead of the URL" autoComplete="off" {...register('title')} />
          </label>
        </fieldset>
        {failure && (
          <p id={failureId} className="ld-error" role="alert">
            {failure}
          </p>
        )}
        <div className="ld-actions">
          {editing && onDelete && (
            <button
              type="button"
              className="ld-button ld-danger"
              disabled={!allowed || busy}
              aria-describedby={allowed ? undefined : noteId}
              onClick={remove}
            >
              {deleting ? 'Deleting link…' : 'Delete link'}
            </button>
          )}
          <DialogClose type="button" className="ld-button ld-push">
            Cancel
          </DialogClose>
          <button type="submit" className="ld-button ld-primary" disabled={!allowed || busy} aria-describedby={allowed ? undefined : noteId}>
            {submitLabel}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
