/** Styles of the app's dialogs. */
export const dialogCss = `
.app-dialog-overlay { position: fixed; inset: 0; background: rgb(0 0 0 / 0.45); z-index: 300; }
.app-dialog {
  position: fixed; z-index: 301; top: 50%; left: 50%; transform: translate(-50%, -50%);
  width: min(520px, calc(100vw - 32px)); max-height: calc(100vh - 48px); overflow-y: auto; box-sizing: border-box;
  padding: 22px; border-radius: 12px; background: var(--app-bg); color: var(--app-text);
  border: 1px solid var(--app-border); box-shadow: 0 16px 48px rgb(0 0 0 / 0.3);
}
.app-dialog-title { margin: 0 0 4px; font-size: 18px; }
.app-dialog-description { margin: 0 0 16px; color: var(--app-muted); }
.app-dialog-actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 8px; }
`;
