import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { clock } from '../../core/index.js';
import { errorMessage, isApiError } from '../api/api-error.js';
import type { Description } from '../api/types.js';
import type { RichEditorElement } from '../../react/index.js';
import { Button } from '../ui/button.js';
import { AppEditor } from './app-editor.js';
import { setUnsavedText } from './unload-guard.js';

/** Saves rich text edited from a version; resolves with what was stored. */
export type SaveVersioned = (input: { description_html: string; version: number }) => Promise<Description>;

/** A save refused because someone else saved first: the server's message and its current text. */
export interface SaveConflict {
  message: string;
  current: Description;
}

/** How long after the last change the text is saved (typing pauses, as in Linear or Plane). */
export const AUTOSAVE_DELAY_MS = 1000;

/** What the save status region says. */
export const SaveStatus = { saving: 'Saving…', saved: 'Saved', unsaved: 'Unsaved changes' } as const;

/** The text the server holds when it is newer than the one being edited (a 409's `current`). */
function currentFrom(error: unknown): Description | null {
  if (!isApiError(error, 409)) return null;
  const current = error.body?.current as Partial<Description> | undefined;
  return current && typeof current.description_html === 'string' && typeof current.version === 'number'
    ? { description_html: current.description_html, version: current.version }
    : null;
}

/**
 * Saving an editor's HTML automatically, with the version it was edited from (optimistic
 * concurrency): a moment after typing pauses, on blur, or at once with Ctrl/Cmd+S. One save is
 * in flight per document; changes made meanwhile are saved by one more save when it ends. When
 * someone else saved first (409), autosaving stops, the user's text stays in the editor and the
 * conflict carries the server's, to take instead (`takeTheirs`) or to overwrite knowingly (`keepMine`).
 */
export function useVersionedSave({
  editor,
  version: initialVersion,
  onSave,
  onSaved,
  onReplaced,
}: {
  editor: RefObject<RichEditorElement | null>;
  version: number;
  onSave: SaveVersioned;
  onSaved?(saved: Description): void;
  /** Called after the server's text replaced the user's in the editor. */
  onReplaced?(): void;
}) {
  const version = useRef(initialVersion);
  // Changes are counted: a save stores the changes made up to its start, so keystrokes typed
  // while it is in flight stay unsaved until the next one.
  const edits = useRef(0);
  const savedEdits = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const queued = useRef<Promise<boolean> | null>(null);
  const timer = useRef<unknown>(null);
  const conflictNow = useRef<SaveConflict | null>(null);
  // The element last edited: once the screen is gone the ref is cleared, but the element still holds its document.
  const lastEdited = useRef<RichEditorElement | null>(null);
  // Whether the screen has gone (its last save may still be on its way).
  const gone = useRef(false);
  const callbacks = useRef({ onSave, onSaved, onReplaced });
  callbacks.current = { onSave, onSaved, onReplaced };

  const [unsaved, setUnsaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflictState] = useState<SaveConflict | null>(null);

  const setConflict = (next: SaveConflict | null) => {
    conflictNow.current = next;
    setConflictState(next);
  };
  const cancelTimer = () => {
    if (timer.current !== null) clock.clearTimeout(timer.current);
    timer.current = null;
  };
  /** Brings the rendered state in line with the counters after a save starts or ends. */
  const settle = (failed = false) => {
    const pending = edits.current !== savedEdits.current;
    setUnsavedText(edits, pending && !gone.current);
    setUnsaved(pending);
    setSaving(inFlight.current !== null);
    setStatus(inFlight.current ? SaveStatus.saving : failed || conflictNow.current ? '' : pending ? SaveStatus.unsaved : SaveStatus.saved);
  };

  const run = async (element: RichEditorElement): Promise<boolean> => {
    const upTo = edits.current;
    try {
      const saved = await callbacks.current.onSave({ description_html: element.getHTML(), version: version.current });
      version.current = saved.version;
      savedEdits.current = Math.max(savedEdits.current, upTo);
      setFailure(null);
      callbacks.current.onSaved?.(saved);
      return true;
    } catch (error) {
      const current = currentFrom(error);
      if (current) {
        cancelTimer();
        setConflict({ message: errorMessage(error), current });
      } else setFailure(errorMessage(error));
      return false;
    }
  };

  /** Saves now what is unsaved (after the save in flight, if any); resolves with whether it is all stored. */
  const saveNow = useCallback((): Promise<boolean> => {
    cancelTimer();
    if (conflictNow.current) return Promise.resolve(false);
    if (inFlight.current) {
      // One more save after this one, holding everything typed until it starts.
      queued.current ??= inFlight.current.then(() => {
        queued.current = null;
        return saveNow();
      });
      return queued.current;
    }
    const element = editor.current ?? lastEdited.current;
    if (edits.current === savedEdits.current) return Promise.resolve(true);
    if (!element) return Promise.resolve(false);
    const saving = run(element).then((ok) => {
      inFlight.current = null;
      settle(!ok);
      return ok;
    });
    inFlight.current = saving;
    settle();
    return saving;
    // The refs hold everything that changes, so the function itself never needs to.
  }, []);

  // A screen that goes away with a save still waiting for typing to pause saves at once, so
  // nothing typed is dropped (a guarded navigation has saved already; this is the rest). Its
  // text is then no longer the browser's to ask about: a guarded navigation has saved or asked.
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
      setUnsavedText(edits, false);
      if (timer.current !== null) void saveNow();
    };
  }, []);

  /** The user changed the text: it is saved once typing pauses (not while a conflict is open). */
  const changed = () => {
    edits.current += 1;
    lastEdited.current = editor.current;
    setUnsavedText(edits, true);
    setUnsaved(true);
    if (conflictNow.current) return;
    if (inFlight.current === null) setStatus(SaveStatus.unsaved);
    cancelTimer();
    timer.current = clock.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
  };

  /** Ctrl/Cmd+S in the editor saves at once instead of the browser saving the web page. */
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saveNow();
    }
  };

  const takeTheirs = () => {
    if (!conflict) return;
    editor.current?.setValue(conflict.current.description_html);
    version.current = conflict.current.version;
    // Their text is what the server holds: nothing left to save.
    cancelTimer();
    savedEdits.current = edits.current;
    setConflict(null);
    settle();
    callbacks.current.onReplaced?.();
    setStatus('Their version is in the editor.');
  };

  const keepMine = () => {
    if (!conflict) return;
    // Saving again from their version overwrites it with the user's text, as they chose.
    version.current = conflict.current.version;
    setConflict(null);
    void saveNow();
  };

  return { unsaved, saving, status, failure, conflict, saveNow, changed, onKeyDown, takeTheirs, keepMine };
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
