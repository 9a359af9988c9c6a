/** Styles of the link dialog and the link list. */
export const linkDialogCss = `
.ld-form, .ld-fields {
  display: grid;
  gap: 12px;
}
.ld-fields {
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
}
.ld-field {
  display: grid;
  gap: 4px;
}
.ld-field input {
  font: inherit;
  padding: 6px 8px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-bg, #ffffff);
  color: var(--app-text, #1f2937);
}
.ld-field input[aria-invalid="true"] {
  border-color: var(--app-danger, #b91c1c);
}
.ld-fields:disabled input {
  cursor: not-allowed;
}
.ld-error, .ld-note {
  margin: 0;
}
.ld-error {
  color: var(--app-danger, #b91c1c);
}
.ld-note {
  color: var(--app-muted, #4b5563);
}
.ld-actions {
  display: flex;
  gap: 8px;
}
.ld-push {
  margin-left: auto;
}
.ld-button {
  display: inline-flex;
  align-items: center;
  gap: 4px;
  font: inherit;
  padding: 6px 12px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  cursor: pointer;
}
.ld-primary {
  background: var(--app-primary, #2563eb);
  border-color: var(--app-primary, #2563eb);
  color: var(--app-primary-text, #ffffff);
}
.ld-danger {
  border-color: var(--app-danger, #b91c1c);
  color: var(--app-danger, #b91c1c);
}
.ld-button:disabled {
  cursor: not-allowed;
  opacity: 0.6;
}
.ld-small {
  padding: 2px 8px;
  font-size: 0.875rem;
}
.ld-button:focus-visible, .ld-field input:focus-visible, .ld-anchor:focus-visible {
  outline: 2px solid var(--app-focus, #2563eb);
  outline-offset: 2px;
}
.ld-links {
  display: grid;
  gap: 6px;
}
.ld-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
}
.ld-link {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 8px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
}
.ld-anchor {
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: var(--app-text, #1f2937);
}
a.ld-anchor {
  text-decoration: underline;
}
`;
