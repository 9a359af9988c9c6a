/** Styles of the issue page. */
export const issueDetailCss = `
.app-issue-page { max-width: 900px; }
.app-issue-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 0 0 8px; color: var(--app-muted); }
.app-issue-title { display: flex; align-items: flex-start; gap: 10px; margin: 0 0 20px; }
.app-issue-title h1 { margin: 0; font-size: 24px; flex: 1; overflow-wrap: anywhere; }
.app-issue-title form { display: flex; align-items: flex-end; gap: 8px; flex: 1; }
.app-issue-title .app-field { flex: 1; margin: 0; }
.app-issue-section { margin: 0 0 28px; }
.app-issue-section > h2 { margin: 0 0 10px; font-size: 16px; }
.app-issue-section-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin: 0 0 10px; }
.app-issue-section-head h2 { margin: 0; font-size: 16px; }
.app-editor-box { border: 1px solid var(--app-border); border-radius: 8px; padding: 4px 10px; background: var(--app-bg); }
.app-editor-actions { display: flex; align-items: center; gap: 10px; margin-top: 8px; }
.app-editor-status { color: var(--app-muted); font-size: 13px; margin: 6px 0 0; min-height: 1.5em; }
.app-conflict { margin: 12px 0; padding: 12px 14px; border: 1px solid var(--app-danger); border-radius: 8px; }
.app-conflict p { margin: 0 0 8px; }
.app-conflict h3 { margin: 8px 0 6px; font-size: 14px; }
.app-comment-list { list-style: none; margin: 0 0 16px; padding: 0; display: flex; flex-direction: column; gap: 12px; }
.app-comment { border: 1px solid var(--app-border); border-radius: 8px; padding: 8px 12px; }
.app-comment header { display: flex; align-items: center; gap: 8px; color: var(--app-muted); font-size: 13px; }
.app-comment header strong { color: var(--app-text); }
.app-comment header .app-comment-actions { margin-left: auto; display: flex; gap: 4px; }
.app-editor-toolbar { display: flex; justify-content: flex-end; gap: 8px; margin: 0 0 6px; }
.app-issue-actions { margin: 0 0 16px; }
.app-issue-properties { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 4px 16px; margin: 0 0 24px; padding: 12px 14px; border: 1px solid var(--app-border); border-radius: 8px; }
.app-issue-properties .app-fieldset { grid-column: 1 / -1; }
.app-issue-properties > div:last-child { grid-column: 1 / -1; }
`;
