import { layer } from '../../ui/layers.js';

/** Styles of the date filter: a trigger button and its popover form. */
export const dateFilterCss = `
.df-trigger, .df-button {
  font: inherit;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  padding: 6px 12px;
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  cursor: pointer;
}
.df-trigger:focus-visible, .df-button:focus-visible, .df-form input:focus-visible {
  outline: 2px solid var(--app-focus, #2563eb);
  outline-offset: 2px;
}
.df-primary {
  background: var(--app-primary, #2563eb);
  border-color: var(--app-primary, #2563eb);
  color: var(--app-primary-text, #ffffff);
}
.df-button:disabled {
  cursor: not-allowed;
  opacity: 0.6;
}
.df-content {
  z-index: ${layer.popup};
  width: min(22rem, calc(100vw - 16px));
  padding: 16px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 8px;
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  box-shadow: 0 8px 24px rgb(0 0 0 / 0.15);
}
.df-title {
  margin: 0 0 12px;
  font-size: 1rem;
}
.df-form {
  display: grid;
  gap: 12px;
}
.df-types {
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 0;
  padding: 8px 12px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
}
.df-type, .df-field {
  display: flex;
  gap: 6px;
  align-items: center;
}
.df-dates {
  display: grid;
  gap: 8px;
}
.df-field {
  justify-content: space-between;
}
.df-field input {
  font: inherit;
  padding: 4px 6px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 4px;
  background: var(--app-bg, #ffffff);
  color: var(--app-text, #1f2937);
  color-scheme: light dark;
}
.df-field input[aria-invalid="true"] {
  border-color: var(--app-danger, #b91c1c);
}
.df-reason {
  margin: 0;
  color: var(--app-danger, #b91c1c);
}
.df-actions {
  display: flex;
  justify-content: flex-end;
  gap: 8px;
}
`;
