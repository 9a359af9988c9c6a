/** Styles of a shared document's bar: the others present and the status line. */
export const collabCss = `
.app-collab-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; min-height: 28px; margin: 0 0 6px; }
.app-collab-bar .app-editor-status { margin: 0; min-height: 0; display: inline-flex; align-items: center; gap: 6px; }
.app-collab-bar .app-editor-status:empty { display: none; }
.app-collab-bar .app-editor-status[data-tone="warning"]::before,
.app-collab-bar .app-editor-status[data-tone="danger"]::before {
  content: ""; flex: none; width: 8px; height: 8px; border-radius: 50%; background: #d97706;
}
.app-collab-bar .app-editor-status[data-tone="danger"] { color: var(--app-danger); }
.app-collab-bar .app-editor-status[data-tone="danger"]::before { background: var(--app-danger); }
.app-collab-tools { margin-left: auto; display: flex; gap: 8px; }
.app-presence { display: flex; align-items: center; margin: 0; padding: 0 0 0 4px; list-style: none; }
.app-presence > li { display: inline-flex; margin-left: -4px; border: 2px solid var(--app-border); border-radius: 50%; background: var(--app-bg); }
.app-presence-more { align-items: center; justify-content: center; width: 24px; height: 24px; font-size: 11px; font-weight: 600; color: var(--app-text); background: var(--app-surface); }
/* Until the first sync the box keeps the height of a short text, so the page does not jump. */
.app-collab .app-editor-box { min-height: 72px; }
.app-collab .app-editor-box[aria-busy="true"] { background: var(--app-surface); }
/* The status line above says it (one voice for screen readers); the editor's own notice would repeat it. */
.app-collab rich-editor::part(collab-notice) { display: none; }
@media (max-width: 600px) {
  .app-collab-tools { margin-left: 0; width: 100%; }
}
`;
