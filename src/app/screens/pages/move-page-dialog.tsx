import { useId, useState, type FormEvent } from 'react';
import type { PageSummary } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { AppDialog } from '../../ui/dialog.js';
import { FormError } from '../../ui/form-field.js';
import { Note } from '../../ui/note.js';
import { useSubmission } from '../../ui/use-submission.js';
import { pageName, placesFor, useProjectPages } from './page-tree.js';
import { isolated } from '../../ui/bidi.js';

/** The choice that puts a page at the top of the project's pages. */
const TOP = '';

/** Props of {@link MovePageDialog}. */
export interface MovePageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  slug: string;
  projectId: string;
  page: PageSummary;
  /** Moves the page under `parentId` (null: to the top); a rejection's message shows in the dialog, which otherwise closes. */
  onMove(parentId: string | null): Promise<void>;
}

/**
 * Moves a page: into another page of the project (any the reader sees but itself and those in it,
 * indented as the tree is) or to the top. The server's refusal stays in the dialog.
 */
export function MovePageDialog({ open, onOpenChange, slug, projectId, page, onMove }: MovePageDialogProps) {
  const id = useId();
  const pages = useProjectPages(slug, projectId, undefined, open);
  const [target, setTarget] = useState(page.parent_id ?? TOP);
  const { busy, failure, setFailure, run } = useSubmission();
  const places = placesFor(pages.data ?? [], page.id);
  // Each opening starts from where the page is now.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setTarget(page.parent_id ?? TOP);
      setFailure(null);
    }
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => onMove(target === TOP ? null : target))) onOpenChange(false);
  };

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Move page" description={`Choose where “${isolated(pageName(page))}” goes: into another page, or to the top of the project's pages.`} size="small">
      <form onSubmit={submit} noValidate>
        {pages.isPending ? (
          <Note>Loading pages…</Note>
        ) : pages.isError ? (
          <FormError message={pages.error.message} />
        ) : (
          <div className="app-field">
            <label htmlFor={id}>Move to</label>
            <select id={id} value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value={TOP}>Pages (the top)</option>
              {places.map(({ page: place, depth }) => (
                <option key={place.id} value={place.id}>
                  {`${'\u00a0\u00a0\u00a0'.repeat(depth + 1)}${pageName(place)}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <FormError message={failure} />
        <div className="app-dialog-actions">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!pages.isSuccess || target === (page.parent_id ?? TOP)}>
            Move page
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
