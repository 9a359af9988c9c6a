import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useForm, useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useStyles } from '../../ui/styles.js';
import { COLOUR_FIELDS, DEFAULT_THEME_COLOURS, buildCustomTheme, isCompleteTheme, type ColourField, type CustomTheme, type ThemeColours } from './custom-theme.js';
import { HEX_MAX_LENGTH, INVALID_HEX_MESSAGE, normaliseHex, toSixDigitHex, validateHex } from './hex.js';
import { themeFormCss } from './theme-form.css.js';

/** The props of `<ThemeForm>`. */
export interface ThemeFormProps {
  /** The user's current colours; missing ones take the defaults. */
  initial?: Partial<ThemeColours>;
  /** Saves the theme (the button shows progress while a returned promise is pending). */
  onSave: (theme: CustomTheme) => void | Promise<void>;
  /** Applies a theme live: called after every change that leaves all five colours valid. */
  onPreview?: (theme: CustomTheme) => void;
}

/** The custom theme form: five hex colours with swatches, the dark palette flag, live preview and save. */
export function ThemeForm({ initial, onSave, onPreview }: ThemeFormProps) {
  useStyles('theme-form', themeFormCss);
  const { register, control, handleSubmit, setValue, getValues, watch, formState } = useForm<ThemeColours>({
    defaultValues: { ...DEFAULT_THEME_COLOURS, ...initial },
    mode: 'onTouched',
  });

  const preview = useRef(onPreview);
  preview.current = onPreview;
  useEffect(() => {
    let last = '';
    const subscription = watch((values) => {
      const colours = values as ThemeColours;
      if (!isCompleteTheme(colours)) return;
      const theme = buildCustomTheme(colours);
      // Adding a missing # changes the text but not the theme: no second preview for it.
      const key = `${theme.palette}|${theme.darkPalette}`;
      if (key === last) return;
      last = key;
      preview.current?.(theme);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    for (const { name } of COLOUR_FIELDS) {
      const value = getValues(name);
      if (normaliseHex(value) !== value) setValue(name, normaliseHex(value));
    }
    void handleSubmit((values) => onSave(buildCustomTheme(values)))();
  };

  return (
    <form className="theme-form" aria-label="Custom theme" noValidate onSubmit={submit}>
      <div className="theme-form__fields">
        {COLOUR_FIELDS.map((field) => (
          <ColourInput
            key={field.name}
            {...field}
            register={register}
            control={control}
            setValue={setValue}
            error={formState.errors[field.name]?.message}
          />
        ))}
      </div>
      <label className="theme-form__check">
        <input type="checkbox" {...register('darkPalette')} />
        Dark palette
      </label>
      <div className="theme-form__actions">
        <button type="submit" className="theme-form__submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Setting theme...' : 'Set theme'}
        </button>
      </div>
    </form>
  );
}

interface ColourInputProps {
  name: ColourField;
  label: string;
  required: string;
  register: UseFormRegister<ThemeColours>;
  control: Control<ThemeColours>;
  setValue: UseFormSetValue<ThemeColours>;
  error: string | undefined;
}

function ColourInput({ name, label, required, register, control, setValue, error }: ColourInputProps) {
  const id = useId();
  const value = useWatch({ control, name });
  const field = register(name, {
    validate: (text: string) => (!text.trim() ? required : validateHex(normaliseHex(text)) || INVALID_HEX_MESSAGE),
  });
  return (
    <div className="theme-form__field">
      <label className="theme-form__label" htmlFor={id}>
        {label}
      </label>
      <div className="theme-form__row">
        <input
          type="color"
          className="theme-form__swatch"
          aria-label={`${label} swatch`}
          value={toSixDigitHex(value) ?? '#000000'}
          onChange={(event) => setValue(name, event.target.value, { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
        />
        <input
          {...field}
          id={id}
          className="theme-form__input"
          maxLength={HEX_MAX_LENGTH}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onBlur={(event) => {
            const fixed = normaliseHex(event.target.value);
            if (fixed !== event.target.value) setValue(name, fixed);
            return field.onBlur(event);
          }}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="theme-form__error">
          {error}
        </p>
      )}
    </div>
  );
}
