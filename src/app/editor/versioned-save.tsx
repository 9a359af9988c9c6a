import { useRef, useState, type RefObject } from 'react';
import { errorMessage, isApiError } from '../api/api-error.js';
import type { Description } from '../api/types.js';
import type { RichEditorElement } from '../../react/index.js';
import { Button } from '../ui/button.js';
import { AppEditor } from './app-editor.js';

/** Saves rich text edited from a version; resolves with what was stored. */
export type SaveVersioned = (input: { description_html: string; version: number }) => Promise<Description>;

/** A save refused because someone else saved first: the server's message and its current text. */
export interface SaveConflict {
  message: string;
  current: Description;
}

/** The text the server holds when it is newer than the one being edited (a 409's `current`). */
function currentFrom(error: unknown): Description | null {
  if (!isApiError(error, 409)) return null;
  const current = error.body?.current as Partial<Description> | undefined;
  return current && typeof current.description_html === 'string' && typeof current.version === 'number'
    ? { description_html: current.description_html, version: current.version }
    : null;
}

/**
 * Saving an editor's HTML with the version it was edited from (optimistic concurrency). When
 * someone else saved first (409), the user's text stays in the editor and the conflict carries
 * the server's, to take instead (`takeTheirs`) or to overwrite knowingly (`keepMine`).
 */
export function useVersionedSave({
  editor,
  version: initialVersion,
  onSave,
  savedMessage,
  onSaved,
  onReplaced,
}: {
  editor: RefObject<RichEditorElement | null>;
  version: number;
  onSave: SaveVersioned;
  /** The status once saved, e.g. "Description saved." */
  savedMessage: string;
  onSaved?(saved: Description): void;
  /** Called after the server's text replaced the user's in the editor. */
  onReplaced?(): void;
}) {
  const version = useRef(initialVersion);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);

  const save = async () => {
    const element = editor.current;
    if (!element || saving) return;
    setSaving(true);
    setFailure(null);
    setStatus('');
    try {
      const saved = await onSave({ description_html: element.getHTML(), version: version.current });
      version.current = saved.version;
      setDirty(false);
      setConflict(null);
      setStatus(savedMessage);
      onSaved?.(saved);
    } catch (error) {
      const current = currentFrom(error);
      if (current) setConflict({ message: errorMessage(error), current });
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const takeTheirs = () => {
    if (!conflict) return;
    editor.current?.setValue(conflict.current.description_html);
    version.current = conflict.current.version;
    setConflict(null);
    setDirty(false);
    onReplaced?.();
    setStatus('Their version is in the editor.');
  };

  const keepMine = () => {
    if (!conflict) return;
    // Saving again from their version overwrites it with the user's text, as they chose.
    version.current = conflict.current.version;
    setConflict(null);
    void save();
  };

  /** The user changed the text: it needs saving, and the last status no longer holds. */
  const changed = () => {
    setDirty(true);
    setStatus('');
  };

  return { dirty, saving, status, failure, conflict, save, takeTheirs, keepMine, changed };
}

/** The server's newer text beside the user's, with the two ways out of a conflict. */
export function ConflictPanel({
  conflict,
  what,
  saving,
  mentionHighlights,
  onTakeTheirs,
  onKeepMine,
}: {
  conflict: SaveConflict;
  /** What is being edited, e.g. "description" or "page". */
  what: string;
  saving: boolean;
  mentionHighlights?: () => Promise<string[]>;
  onTakeTheirs(): void;
  onKeepMine(): void;
}) {
  return (
    <div className="app-conflict" role="alert">
      <p>{conflict.message}</p>
      <h3>The current {what}</h3>
      <div className="app-editor-box">
        <AppEditor readOnly value={conflict.current.description_html} aria-label={`The current ${what}`} {...(mentionHighlights ? { mentionHighlights } : {})} />
      </div>
      <div className="app-editor-actions">
        <Button onClick={onTakeTheirs}>Use the current {what}</Button>
        <Button variant="primary" onClick={onKeepMine} busy={saving}>
          Save mine over it
        </Button>
      </div>
    </div>
  );
}
