import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { issueRenamedMeanwhile } from '../../../api-shapes/issue-rename.js';
import { errorMessage } from '../../api/api-error.js';

/** The refusal of an empty title. */
export const TITLE_REQUIRED = 'Issue title is required.';

/**
 * An issue's name as the page's heading. Members edit it in place: a click (or Enter) on it turns it
 * into a text field; Enter or leaving the field saves, Escape cancels. `onRename` gets the name the
 * edit started from too: someone else's rename meanwhile is said in the field (when the page learns
 * of it, live or by a refused save), and a save after that replaces it knowingly.
 */
export function IssueTitle({ name, mayEdit, onRename }: { name: string; mayEdit: boolean; onRename(name: string, base: string): Promise<void> }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the field, focus returns to the title that opened it, in the same commit: the
  // field is gone by then, and until a later effect ran, focus would rest on the page's body
  // (a screen reader announces the page; a key pressed then goes nowhere).
  useLayoutEffect(() => {
    if (wasEditing.current && !editing) heading.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (editing) return <TitleField name={name} onRename={onRename} done={() => setEditing(false)} />;
  return (
    <div className="app-issue-title">
      <h1>
        {mayEdit ? (
          <button ref={heading} type="button" className="app-issue-title-button" aria-describedby={`${id}-hint`} onClick={() => setEditing(true)}>
            {name}
          </button>
        ) : (
          name
        )}
      </h1>
      {mayEdit ? (
        <span id={`${id}-hint`} hidden>
          Edit title
        </span>
      ) : null}
    </div>
  );
}

function TitleField({ name, onRename, done }: { name: string; onRename(name: string, base: string): Promise<void>; done(): void }) {
  const id = useId();
  const [draft, setDraft] = useState(name);
  // The name this edit started from, and the one it last sent: a newer name that is not ours is someone else's rename.
  const [base, setBase] = useState(name);
  const sent = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (name !== base) {
    setBase(name);
    if (name !== sent.current) setError(issueRenamedMeanwhile(name));
  }
  const [saving, setSaving] = useState(false);
  // Escape unmounts the field; the blur that may follow must not save what was cancelled.
  const finished = useRef(false);

  const save = async () => {
    if (finished.current || saving) return;
    const next = draft.trim();
    if (next === '') return setError(TITLE_REQUIRED);
    if (next === name) {
      finished.current = true;
      return done();
    }
    setSaving(true);
    sent.current = next;
    try {
      await onRename(next, base);
      finished.current = true;
      done();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finished.current = true;
      done();
    }
  };
  return (
    <div className="app-issue-title app-field">
      <label htmlFor={`${id}-input`} className="app-visually-hidden">
        Title
      </label>
      <input
        id={`${id}-input`}
        className="app-issue-title-input"
        autoFocus
        maxLength={255}
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-busy={saving || undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void save()}
      />
      {error ? (
        <p id={`${id}-error`} className="app-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
