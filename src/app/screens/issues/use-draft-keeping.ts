import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueDetail, IssueDraft } from '../../api/types.js';
import { useNotify } from '../../ui/toasts.js';
import { draftFields, hasContent, type DialogContent } from './issue-draft-content.js';

/** The toast once the dialog's content is kept as a draft. */
export const DRAFT_SAVED = 'Saved to your drafts.';

/** What the dialog says when its draft could not be kept (the server's reason after it). */
export const DRAFT_NOT_SAVED = 'The draft could not be saved, so the dialog stays open:';

/** What {@link useDraftKeeping} gives the create-issue dialog. */
export interface DraftKeeping {
  /** The draft the dialog holds (kept before, or saved on an earlier close), or null. */
  draftId: string | null;
  /** Whether the draft is being saved. */
  saving: boolean;
  /** Why the last save failed (the dialog shows it), or null. */
  error: string | null;
  /** Call on every edit: a kept draft is saved again on close only when something changed. */
  touch(): void;
  /** Closes the dialog, keeping what it holds as a draft first when there is anything to keep. */
  close(content: DialogContent): Promise<void>;
  /** Saves the draft as the dialog holds it, then publishes it: the issue it became. */
  publish(content: DialogContent): Promise<IssueDetail>;
  /** Lets go of the draft (the dialog was emptied for the next issue). */
  forget(): void;
}

/**
 * The create-issue dialog's draft: closing the dialog with a title, a description or a property
 * changed keeps it on the server (creating it the first time, updating it after), so nothing
 * typed is lost; an empty dialog closes without one. A failed save leaves the dialog open with
 * the reason, its content untouched.
 */
export function useDraftKeeping({ slug, projectId, draft, close }: { slug: string; projectId: string; draft: IssueDraft | undefined; close(): void }): DraftKeeping {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [draftId, setDraftId] = useState<string | null>(draft?.id ?? null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const touched = useRef(false);
  const busy = useRef(false);

  const save = async (content: DialogContent): Promise<string> => {
    const fields = draftFields(content);
    const saved = draftId ? await api.drafts.update(slug, draftId, fields) : await api.drafts.create(slug, { project_id: projectId, ...fields });
    setDraftId(saved.id);
    touched.current = false;
    return saved.id;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.drafts(slug) });

  return {
    draftId,
    saving,
    error,
    touch: () => void (touched.current = true),
    forget: () => {
      setDraftId(null);
      touched.current = false;
    },
    close: async (content) => {
      if (busy.current) return;
      const worthKeeping = draftId ? touched.current : hasContent(content);
      if (!worthKeeping) return close();
      busy.current = true;
      setSaving(true);
      setError(null);
      try {
        await save(content);
        void refresh();
        notify({ type: 'success', message: DRAFT_SAVED });
        close();
      } catch (failure) {
        setError(`${DRAFT_NOT_SAVED} ${errorMessage(failure)}`);
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    publish: async (content) => {
      const id = draftId && !touched.current ? draftId : await save(content);
      const issue = await api.drafts.publish(slug, id);
      setDraftId(null);
      void refresh();
      return issue;
    },
  };
}
