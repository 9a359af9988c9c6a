/** Styles of the issue picker's own parts: the workspace-level search switch and the chosen issues. */
export const issuePickerCss = `
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
`;
