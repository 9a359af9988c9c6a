/** Styles of an issue's attachments section. */
export const issueAttachmentsCss = `
.app-attachments { border: 1px dashed transparent; border-radius: 8px; margin-left: -8px; margin-right: -8px; padding: 0 8px; }
.app-attachments[data-dragging] { border-color: var(--app-primary); background: var(--app-surface); }
.app-attachments h2:focus { outline: none; }
.app-attachments h2:focus-visible { outline: 2px solid var(--app-primary); outline-offset: 2px; }
.app-attachments-hint { margin: -4px 0 10px; color: var(--app-muted); font-size: 13px; }
.app-attachments-problems ul { list-style: none; margin: 0 0 10px; padding: 0; color: var(--app-danger); font-size: 13px; }
.app-attachments-problems li { overflow-wrap: anywhere; }
.app-attachment-uploads { list-style: none; margin: 0 0 10px; padding: 0; display: flex; flex-direction: column; gap: 6px; font-size: 13px; }
.app-attachment-uploads li { display: grid; grid-template-columns: minmax(0, 1fr) minmax(80px, 160px) 3.5em auto; align-items: center; gap: 8px; }
.app-attachment-uploads progress { width: 100%; }
.app-attachment-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.app-attachment { display: flex; align-items: center; gap: 10px; min-height: 44px; padding: 4px 8px; border: 1px solid var(--app-border); border-radius: 8px; }
.app-attachment-icon { display: inline-flex; color: var(--app-muted); flex: none; }
.app-attachment-body { display: flex; flex-direction: column; min-width: 0; flex: 1; }
.app-attachment-name { overflow-wrap: anywhere; }
a.app-attachment-name { display: inline-flex; align-items: center; gap: 4px; font-weight: 500; }
.app-attachment-meta { color: var(--app-muted); font-size: 13px; overflow-wrap: anywhere; }
@media (max-width: 480px) {
  .app-attachment-uploads li { grid-template-columns: minmax(0, 1fr) auto; }
  .app-attachment-uploads progress { grid-column: 1 / -1; grid-row: 2; }
  .app-attachment-uploads li > span[aria-hidden] { display: none; }
}
`;
