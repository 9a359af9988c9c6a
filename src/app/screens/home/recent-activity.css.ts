/** Styles of "Recent activity" on the workspace home. */
export const recentActivityCss = `
.app-recent-activity {
  display: grid;
  gap: var(--app-space-3, 12px);
  justify-items: start;
  margin-block-end: var(--app-space-4, 16px);
}
.app-recent-activity > * { justify-self: stretch; }
.app-recent-activity > h2 { margin: 0; }
.app-recent-activity > button { justify-self: start; }
`;
