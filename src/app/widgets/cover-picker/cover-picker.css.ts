import { layer } from '../../ui/layers.js';

/** The cover picker's styles; colours come from the theme's custom properties. */
export const coverPickerCss = `
.cover-picker { display: grid; gap: 0.75rem; color: var(--app-text, #1f2937); }
.cover-picker__popup {
  /* Above dialogs: the picker also opens from the create-project dialog. */
  z-index: ${layer.popup};
  width: min(36rem, calc(100vw - 2rem)); max-height: min(32rem, calc(100vh - 4rem)); overflow: auto; padding: 1rem;
  border-radius: 0.75rem; border: 1px solid var(--app-border, #9ca3af);
  background: var(--app-bg, #ffffff); color: var(--app-text, #1f2937); box-shadow: 0 10px 30px rgb(0 0 0 / 0.25);
}
.cover-picker__tabs { display: flex; gap: 0.25rem; border-bottom: 1px solid var(--app-border, #9ca3af); }
.cover-picker__tab-button {
  padding: 0.4rem 0.8rem; font: inherit; cursor: pointer; background: none; color: var(--app-muted, #4b5563);
  border: none; border-bottom: 2px solid transparent; margin-bottom: -1px;
}
.cover-picker__tab-button[data-state="active"] { color: var(--app-text, #1f2937); border-bottom-color: var(--app-primary, #1d4ed8); font-weight: 600; }
.cover-picker__panel, .cover-picker__tab { display: grid; gap: 0.5rem; }
.cover-picker__panel[hidden] { display: none; }
.cover-picker__label { font-size: 0.875rem; font-weight: 600; }
.cover-picker__search {
  padding: 0.45rem 0.6rem; border-radius: 0.375rem; font: inherit;
  border: 1px solid var(--app-border, #9ca3af); background: var(--app-surface, #ffffff); color: var(--app-text, #1f2937);
}
.cover-picker__message { margin: 0; font-size: 0.875rem; color: var(--app-muted, #4b5563); }
.cover-picker__error { margin: 0; font-size: 0.875rem; color: var(--app-danger, #b91c1c); }
.cover-picker__grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); }
.cover-picker__cell { display: block; }
.cover-picker__image {
  display: block; width: 100%; aspect-ratio: 16 / 9; padding: 0; overflow: hidden; cursor: pointer;
  border: 2px solid transparent; border-radius: 0.375rem; background: var(--app-surface, #ffffff);
}
.cover-picker__image[aria-pressed="true"] { border-color: var(--app-primary, #1d4ed8); }
.cover-picker__image img { display: block; width: 100%; height: 100%; object-fit: cover; }
.cover-picker__trigger {
  padding: 0.4rem 0.9rem; border-radius: 0.375rem; font: inherit; cursor: pointer;
  border: 1px solid var(--app-border, #9ca3af); background: var(--app-surface, #ffffff); color: var(--app-text, #1f2937);
}
.cover-picker__tab-button:focus-visible, .cover-picker__search:focus-visible, .cover-picker__image:focus-visible, .cover-picker__trigger:focus-visible {
  outline: 3px solid var(--app-focus, #2563eb); outline-offset: 2px;
}
`;
