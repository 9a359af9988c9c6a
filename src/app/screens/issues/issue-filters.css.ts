/** Styles of the issue list's filter bar. */
export const issueFiltersCss = `
.app-filter-bar { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 12px; margin: 0 0 16px; }
.app-filter-bar .app-field { margin: 0; }
`;
