/** Styles of the page editor. */
export const pageEditorCss = `
.app-page { display: grid; grid-template-columns: minmax(0, 1fr) 220px; gap: 24px; align-items: start; }
@media (max-width: 800px) { .app-page { grid-template-columns: 1fr; } }
.app-page-head { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 10px; margin: 0 0 16px; }
.app-page-head .app-field { flex: 1 1 260px; min-width: 0; margin: 0; }
.app-page-head input { font-size: 20px; font-weight: 600; width: 100%; box-sizing: border-box; }
.app-page-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.app-page-notice { margin: 0 0 12px; color: var(--app-muted, #4b5563); }
.app-page-inside h2 { margin: 0 0 4px; font-size: 13px; font-weight: 600; color: var(--app-muted, #4b5563); }
.app-page-inside ul { display: flex; flex-wrap: wrap; gap: 6px 16px; list-style: none; margin: 0 0 16px; padding: 0; }
.app-page-inside li { min-width: 0; overflow-wrap: anywhere; }
.app-page-toc { position: sticky; top: 12px; border-left: 1px solid var(--app-border, #d1d5db); padding-left: 12px; }
.app-page-toc h2 { margin: 0 0 8px; font-size: 14px; }
.app-page-toc ul { list-style: none; margin: 0; padding: 0; }
.app-page-toc li[data-level="2"] { padding-left: 12px; }
.app-page-toc li[data-level="3"] { padding-left: 24px; }
.app-page-toc button {
  border: 0; background: none; padding: 3px 0; text-align: left; cursor: pointer; font: inherit;
  color: var(--app-text, #1f2937); width: 100%;
}
.app-page-toc button:hover { text-decoration: underline; }
.app-page-toc button:focus-visible { outline: 2px solid var(--app-focus, #2563eb); outline-offset: 2px; }
.app-page-toc-empty { margin: 0; color: var(--app-muted, #4b5563); font-size: 13px; }
`;
