import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { controlsCss } from './controls.css.js';
import { useStyles } from './styles.js';

interface FieldTexts {
  label: string;
  /** The field's error, shown under it with role="alert" and linked by aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function FieldNotes({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="app-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="app-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The props of TextField: a native input's, a label, and an optional hint and error. */
export type TextFieldProps = FieldTexts & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled text input; takes react-hook-form's `register(...)` spread directly. */
export function TextField({ label, error, hint, id, ...input }: TextFieldProps) {
  useStyles('app-controls', controlsCss);
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="app-field">
      <label htmlFor={inputId}>{label}</label>
      <input {...input} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, error, hint)} />
      <FieldNotes id={inputId} error={error} hint={hint} />
    </div>
  );
}

/** The props of SelectField: a native select's, a label, its options and an optional error. */
export type SelectFieldProps = FieldTexts &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly string[]; placeholder?: string; ref?: Ref<HTMLSelectElement> };

/** A labelled select over a list of options (value and text are the same string). */
export function SelectField({ label, error, hint, id, options, placeholder, ...select }: SelectFieldProps) {
  useStyles('app-controls', controlsCss);
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className="app-field">
      <label htmlFor={selectId}>{label}</label>
      <select {...select} id={selectId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(selectId, error, hint)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldNotes id={selectId} error={error} hint={hint} />
    </div>
  );
}

/** A form-level error (the server's refusal), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  useStyles('app-controls', controlsCss);
  if (!message) return null;
  return (
    <p className="app-form-error" role="alert">
      {message}
    </p>
  );
}
