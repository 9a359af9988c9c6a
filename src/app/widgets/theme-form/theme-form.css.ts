/** The custom theme form's styles; colours come from the theme's custom properties. */
export const themeFormCss = `
.theme-form { display: grid; gap: 1rem; color: var(--app-text, #1f2937); }
.theme-form__fields { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.theme-form__field { display: grid; gap: 0.25rem; align-content: start; }
.theme-form__label { font-size: 0.875rem; font-weight: 600; }
.theme-form__row { display: flex; align-items: center; gap: 0.5rem; }
.theme-form__swatch {
  inline-size: 2.25rem; block-size: 2.25rem; padding: 0.125rem; flex: none; cursor: pointer;
  border: 1px solid var(--app-border, #9ca3af); border-radius: 0.375rem; background: var(--app-surface, #ffffff);
}
.theme-form__input {
  flex: 1; min-inline-size: 0; padding: 0.45rem 0.6rem; border-radius: 0.375rem; font: inherit; font-family: ui-monospace, monospace;
  border: 1px solid var(--app-border, #9ca3af); background: var(--app-surface, #ffffff); color: var(--app-text, #1f2937);
}
.theme-form__input[aria-invalid="true"] { border-color: var(--app-danger, #b91c1c); }
.theme-form__error { margin: 0; font-size: 0.875rem; color: var(--app-danger, #b91c1c); }
.theme-form__check { display: inline-flex; align-items: center; gap: 0.5rem; font-size: 0.875rem; }
.theme-form__actions { display: flex; justify-content: flex-end; }
.theme-form__submit {
  padding: 0.45rem 1rem; border-radius: 0.375rem; font: inherit; cursor: pointer;
  border: 1px solid var(--app-primary, #1d4ed8); background: var(--app-primary, #1d4ed8); color: var(--app-primary-text, #ffffff);
}
.theme-form__submit:disabled { opacity: 0.6; cursor: progress; }
.theme-form__swatch:focus-visible, .theme-form__input:focus-visible, .theme-form__submit:focus-visible, .theme-form__check input:focus-visible {
  outline: 3px solid var(--app-focus, #2563eb); outline-offset: 2px;
}
`;
