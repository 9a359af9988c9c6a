/** Styles of the burn-down chart. */
export const burnDownCss = `
.bd-root {
  display: grid;
  gap: var(--app-space-2, 8px);
  color: var(--app-text);
}
.bd-plot {
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: var(--app-space-2, 8px);
  align-items: stretch;
}
.bd-scale {
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  text-align: end;
  color: var(--app-muted);
  font-size: var(--app-text-xs, 12px);
  font-variant-numeric: tabular-nums;
}
.bd-svg {
  display: block;
  width: 100%;
  height: 160px;
  overflow: visible;
  border-inline-start: 1px solid var(--app-border);
  border-block-end: 1px solid var(--app-border);
}
.bd-grid {
  stroke: var(--app-border);
  stroke-dasharray: 2 4;
}
.bd-scope {
  fill: none;
  stroke: var(--app-muted);
  stroke-width: 2;
  stroke-dasharray: 6 3;
}
.bd-remaining {
  fill: none;
  stroke: var(--app-success);
  stroke-width: 2.5;
}
.bd-axis {
  display: flex;
  justify-content: space-between;
  margin-inline-start: calc(2ch + var(--app-space-2, 8px));
  color: var(--app-muted);
  font-size: var(--app-text-xs, 12px);
}
.bd-legend {
  display: flex;
  flex-wrap: wrap;
  gap: var(--app-space-4, 16px);
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: var(--app-text-sm, 13px);
}
.bd-legend li {
  display: flex;
  align-items: center;
  gap: var(--app-space-1, 4px);
}
.bd-key {
  width: 16px;
  height: 0;
  border-block-start: 2px dashed var(--app-muted);
}
.bd-key-remaining {
  border-block-start: 3px solid var(--app-success);
}
`;
