/** Styles of the issue picker dialog. */
export const issuePickerCss = `
.ip-overlay {
  position: fixed;
  inset: 0;
  z-index: 40;
  background: rgb(0 0 0 / 0.45);
}
.ip-content {
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
.ip-title {
  margin: 0;
  font-size: 1.125rem;
}
.ip-description {
  margin: 4px 0 16px;
  color: var(--app-muted, #4b5563);
}
.ip-form {
  display: grid;
  gap: 12px;
}
.ip-search {
  display: grid;
  gap: 4px;
}
.ip-search input {
  font: inherit;
  padding: 6px 8px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-bg, #ffffff);
  color: var(--app-text, #1f2937);
}
.ip-toggle {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
}
.ip-switch {
  position: relative;
  flex: none;
  width: 40px;
  height: 22px;
  padding: 0;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 11px;
  background: var(--app-bg, #e5e7eb);
  cursor: pointer;
}
.ip-switch[aria-checked="true"] {
  background: var(--app-primary, #2563eb);
  border-color: var(--app-primary, #2563eb);
}
.ip-thumb {
  position: absolute;
  top: 2px;
  left: 2px;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  background: var(--app-text, #1f2937);
  transition: transform 120ms ease;
}
.ip-switch[aria-checked="true"] .ip-thumb {
  transform: translateX(18px);
  background: var(--app-primary-text, #ffffff);
}
.ip-chosen {
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  margin: 0;
  padding: 0;
}
.ip-chip {
  font: inherit;
  font-size: 0.875rem;
  padding: 2px 8px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 999px;
  background: var(--app-bg, #f3f4f6);
  color: var(--app-text, #1f2937);
  cursor: pointer;
}
.ip-results {
  margin: 0;
  padding: 0;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
}
.ip-legend {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
.ip-list {
  list-style: none;
  margin: 0;
  padding: 4px;
  max-height: 20rem;
  overflow: auto;
}
.ip-issue {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 8px;
  border-radius: 4px;
  cursor: pointer;
}
.ip-issue:hover {
  background: var(--app-bg, #f3f4f6);
}
.ip-dot {
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  border: 1px solid var(--app-ring, #6b7280);
}
.ip-key {
  flex: none;
  color: var(--app-muted, #4b5563);
}
.ip-name {
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.ip-note, .ip-count, .ip-error {
  margin: 0;
}
.ip-note {
  padding: 12px;
  color: var(--app-muted, #4b5563);
}
.ip-count {
  color: var(--app-muted, #4b5563);
}
.ip-error, .ip-note.ip-error {
  color: var(--app-danger, #b91c1c);
}
.ip-actions {
  display: flex;
  justify-content: flex-end;
  gap: 8px;
}
.ip-button {
  font: inherit;
  padding: 6px 12px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  cursor: pointer;
}
.ip-primary {
  background: var(--app-primary, #2563eb);
  border-color: var(--app-primary, #2563eb);
  color: var(--app-primary-text, #ffffff);
}
.ip-button:disabled {
  cursor: progress;
  opacity: 0.7;
}
.ip-button:focus-visible, .ip-search input:focus-visible, .ip-issue input:focus-visible, .ip-switch:focus-visible, .ip-chip:focus-visible {
  outline: 2px solid var(--app-focus, #2563eb);
  outline-offset: 2px;
}
`;
