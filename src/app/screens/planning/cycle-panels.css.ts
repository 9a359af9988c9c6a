/** Styles of the current cycle's panels. */
export const cyclePanelsCss = `
.app-cycle-panels {
  display: grid;
  gap: var(--app-space-4, 16px);
  grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr));
  margin-block: var(--app-space-4, 16px);
}
.app-cycle-panel {
  display: grid;
  align-content: start;
  gap: var(--app-space-3, 12px);
  min-width: 0;
  padding: var(--app-space-4, 16px);
  border: 1px solid var(--app-border);
  border-radius: var(--app-radius, 6px);
  background: var(--app-bg);
}
.app-cycle-panel > h2 {
  margin: 0;
  font-size: var(--app-text-lg, 16px);
}
.app-cycle-panel .empty-state {
  margin: 0 auto;
  padding: var(--app-space-2, 8px) 0;
}
.app-cycle-panel .empty-state__art {
  width: min(8rem, 50%);
}
.app-cycle-panel .empty-state__title {
  font-size: var(--app-text-lg, 16px);
}
`;
