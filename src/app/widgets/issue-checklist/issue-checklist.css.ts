import { VISUALLY_HIDDEN } from '../../ui/theme.css.js';

/** Styles of the issue checklist: its search box, list, count, problem and actions. */
export const issueChecklistCss = `
.app-checklist {
  display: grid;
  gap: 12px;
}
.app-checklist-search {
  display: grid;
  gap: 4px;
}
.app-checklist-search input {
  font: inherit;
  padding: 6px 8px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-bg, #ffffff);
  color: var(--app-text, #1f2937);
}
.app-checklist-issues {
  margin: 0;
  padding: 0;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
}
.app-checklist-legend {
  ${VISUALLY_HIDDEN}
}
.app-checklist-list {
  list-style: none;
  margin: 0;
  padding: 4px;
  max-height: 20rem;
  overflow: auto;
}
.app-checklist-issue {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 8px;
  border-radius: 4px;
  cursor: pointer;
}
.app-checklist-issue:hover {
  background: var(--app-surface, #f3f4f6);
}
.app-checklist-dot {
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  border: 1px solid var(--app-ring, #6b7280);
}
.app-checklist-key {
  flex: none;
  color: var(--app-muted, #4b5563);
  font-variant-numeric: tabular-nums;
}
.app-checklist-name {
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.app-checklist-note, .app-checklist-count, .app-checklist-error {
  margin: 0;
}
.app-checklist-note {
  padding: 12px;
  color: var(--app-muted, #4b5563);
}
.app-checklist-count {
  color: var(--app-muted, #4b5563);
}
.app-checklist-error, .app-checklist-note.app-checklist-error {
  color: var(--app-danger, #b91c1c);
}
.app-checklist-actions {
  display: flex;
  justify-content: flex-end;
  gap: 8px;
}
.app-checklist-button {
  font: inherit;
  padding: 6px 12px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 6px;
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  cursor: pointer;
}
.app-checklist-button[data-kind="primary"] {
  background: var(--app-primary, #2563eb);
  border-color: var(--app-primary, #2563eb);
  color: var(--app-primary-text, #ffffff);
}
.app-checklist-button[data-kind="danger"] {
  border-color: var(--app-danger, #b91c1c);
  color: var(--app-danger, #b91c1c);
  font-weight: 600;
}
.app-checklist-button:disabled {
  cursor: progress;
  opacity: 0.7;
}
.app-checklist :is(button, input):focus-visible {
  outline: 2px solid var(--app-focus, #2563eb);
  outline-offset: 2px;
}
`;
