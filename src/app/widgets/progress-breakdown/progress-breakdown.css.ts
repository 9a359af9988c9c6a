/** Styles of the progress breakdown. */
export const progressBreakdownCss = `
.pb-root {
  color: var(--app-text, #1f2937);
}
.pb-tabs {
  display: flex;
  gap: 4px;
  padding: 4px;
  border: 1px solid var(--app-border, #d1d5db);
  border-radius: 8px;
  background: var(--app-bg, #f3f4f6);
}
.pb-tab {
  flex: 1;
  font: inherit;
  padding: 6px 10px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--app-muted, #4b5563);
  cursor: pointer;
}
.pb-tab[data-state="active"] {
  background: var(--app-surface, #ffffff);
  color: var(--app-text, #1f2937);
  font-weight: 600;
  box-shadow: 0 1px 2px rgb(0 0 0 / 0.12);
}
.pb-tab:focus-visible, .pb-panel:focus-visible {
  outline: 2px solid var(--app-focus, #2563eb);
  outline-offset: 2px;
}
.pb-panel {
  padding: 12px 2px;
}
.pb-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
}
.pb-row {
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr) auto;
  align-items: center;
  gap: 10px;
}
.pb-name {
  display: flex;
  align-items: center;
  gap: 6px;
  min-width: 0;
}
/* A name longer than its column ends in an ellipsis (the whole name is its title), never clipped mid-letter. */
.pb-label {
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.pb-nobody { color: var(--app-muted); }
.pb-dot {
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
}
.pb-bar {
  height: 8px;
  border-radius: 4px;
  background: var(--app-border, #e5e7eb);
  overflow: hidden;
}
.pb-fill {
  height: 100%;
  background: var(--app-primary, #2563eb);
}
.pb-amount, .pb-empty {
  color: var(--app-muted, #4b5563);
  font-size: 0.875rem;
  font-variant-numeric: tabular-nums;
}
.pb-empty {
  margin: 0;
}
`;
