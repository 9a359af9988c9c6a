/** Styles of "My issues" on the workspace home. */
export const myIssuesCss = `
.app-my-issues {
  display: grid;
  gap: var(--app-space-3, 12px);
  margin-block-end: var(--app-space-4, 16px);
}
.app-my-issues > h2 { margin: 0; }
.app-my-issues-tabs { padding: 0; }
.app-my-issues-panel {
  display: grid;
  gap: var(--app-space-4, 16px);
  padding-block: var(--app-space-4, 16px);
}
.app-my-issues-panel:focus-visible {
  outline: 2px solid var(--app-focus);
  outline-offset: 2px;
}
.app-my-issues-group {
  display: grid;
  gap: var(--app-space-2, 8px);
  justify-items: start;
}
.app-my-issues-group > * { justify-self: stretch; }
.app-my-issues-group > button { justify-self: start; }
.app-my-issues-group h3 {
  display: flex;
  align-items: center;
  gap: var(--app-space-2, 8px);
  margin: 0;
  font-size: var(--app-text-lg, 16px);
}
.app-my-issues-count {
  min-width: 1.5em;
  padding: 0 6px;
  border-radius: 999px;
  background: var(--app-surface);
  border: 1px solid var(--app-border);
  color: var(--app-text);
  font-size: var(--app-text-sm, 13px);
  font-weight: 600;
  text-align: center;
  font-variant-numeric: tabular-nums;
}
`;
