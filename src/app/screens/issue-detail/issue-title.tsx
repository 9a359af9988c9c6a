import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/api-error.js';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/form-field.js';

/** An issue's name as the page's heading; members edit it in place (Enter saves, Escape cancels). */
export function IssueTitle({ name, mayEdit, onRename }: { name: string; mayEdit: boolean; onRename(name: string): Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the form, focus returns to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (!editing) {
    return (
      <div className="app-issue-title">
        <h1>{name}</h1>
        {mayEdit ? (
          <Button ref={editButton} size="small" onClick={() => setEditing(true)}>
            Edit title
          </Button>
        ) : null}
      </div>
    );
  }
  return <TitleForm name={name} onRename={onRename} done={() => setEditing(false)} />;
}

function TitleForm({ name, onRename, done }: { name: string; onRename(name: string): Promise<void>; done(): void }) {
  const { register, handleSubmit, formState, setError } = useForm<{ name: string }>({ defaultValues: { name } });
  const onSubmit = handleSubmit(async (values) => {
    const next = values.name.trim();
    if (next === name) return done();
    try {
      await onRename(next);
      done();
    } catch (error) {
      setError('name', { message: errorMessage(error) });
    }
  });
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      done();
    }
  };
  return (
    <div className="app-issue-title">
      <form onSubmit={onSubmit} noValidate aria-label="Edit title" onKeyDown={cancelOnEscape}>
        <TextField
          label="Title"
          autoFocus
          maxLength={255}
          error={formState.errors.name?.message}
          {...register('name', { validate: (value) => value.trim() !== '' || 'Issue title is required.' })}
        />
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          Save
        </Button>
        <Button onClick={done}>Cancel</Button>
      </form>
    </div>
  );
}
