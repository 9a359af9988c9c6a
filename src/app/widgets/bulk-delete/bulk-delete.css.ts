/** Styles of the bulk delete dialog. */
export const bulkDeleteCss = `
.bd-overlay {
  position: fixed;
  inset: 0;
  z-index: 40;
  background: rgb(0 0 0 / 0.45);
}
.bd-content {
  position: fixed;
  z-index: 41;
  top: 10vh;
  left: 50%;
  transform: translateX(-50%);
  width: min(36rem, calc(100vw - 32px));
  max-height: 80vh;
  overflow: auto;
  padding: 20px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 10px;
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  box-shadow: 0 16px 40px rgb(0 0 0 / 0.25);
}
.bd-title {
  margin: 0;
  font-size: 1.125rem;
}
.bd-description {
  margin: 4px 0 16px;
  color: var(--app-muted, #4b5563);
}
.bd-form {
  display: grid;
  gap: 12px;
}
.bd-search {
  display: grid;
  gap: 4px;
}
.bd-search input {
  font: inherit;
  padding: 6px 8px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-bg, #ffffff);
  color: var(--app-text, #1f2937);
}
.bd-issues {
  margin: 0;
  padding: 0;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
}
.bd-legend {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
.bd-list {
  list-style: none;
  margin: 0;
  padding: 4px;
  max-height: 20rem;
  overflow: auto;
}
.bd-issue {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 8px;
  border-radius: 4px;
  cursor: pointer;
}
.bd-issue:hover {
  background: var(--app-bg, #f3f4f6);
}
.bd-dot {
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  border: 1px solid var(--app-ring, #6b7280);
}
.bd-key {
  flex: none;
  color: var(--app-muted, #4b5563);
  font-variant-numeric: tabular-nums;
}
.bd-name {
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.bd-empty, .bd-count, .bd-error {
  margin: 0;
  padding: 0 4px;
}
.bd-empty {
  padding: 12px;
  color: var(--app-muted, #4b5563);
}
.bd-count {
  color: var(--app-muted, #4b5563);
}
.bd-error {
  color: var(--app-danger, #b91c1c);
}
.bd-actions {
  display: flex;
  justify-content: flex-end;
  gap: 8px;
}
.bd-button {
  font: inherit;
  padding: 6px 12px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  cursor: pointer;
}
.bd-danger {
  border-color: var(--app-danger, #b91c1c);
  color: var(--app-danger, #b91c1c);
  font-weight: 600;
}
.bd-button:disabled {
  cursor: progress;
  opacity: 0.7;
}
.bd-button:focus-visible, .bd-search input:focus-visible, .bd-issue input:focus-visible {
  outline: 2px solid var(--app-focus, #2563eb);
  outline-offset: 2px;
}
`;
