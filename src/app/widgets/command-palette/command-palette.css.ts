/** Styles of the command palette and the shortcuts help. */
export const commandPaletteCss = `
/* The palette's own layout of its AppDialog: the search box edge to edge over a scrolling list. */
.app-dialog.app-palette {
  width: min(640px, calc(100vw - 16px)); max-height: min(520px, 76vh); padding: 0;
  display: flex; flex-direction: column; overflow: hidden;
}
.app-palette-input {
  width: 100%; box-sizing: border-box; padding: 14px 16px; border: 0; border-bottom: 1px solid var(--app-border);
  font: inherit; font-size: 16px; background: var(--app-bg); color: var(--app-text);
}
.app-palette-input:focus-visible { outline: 2px solid var(--app-focus); outline-offset: -2px; }
.app-palette-list { overflow-y: auto; padding: 6px; flex: 1 1 auto; min-height: 0; }
.app-palette-heading { padding: 8px 10px 4px; font-size: 12px; font-weight: 600; color: var(--app-muted); }
.app-palette-option {
  display: flex; align-items: baseline; gap: 8px; padding: 8px 10px; border-radius: 6px; cursor: pointer;
  overflow: hidden;
}
.app-palette-option[aria-selected="true"] { background: var(--app-surface); outline: 2px solid var(--app-focus); outline-offset: -2px; }
.app-palette-label { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.app-palette-detail { flex: none; color: var(--app-muted); font-size: 13px; }
.app-palette-status { padding: 12px 16px; color: var(--app-muted); }
.app-shortcuts { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.app-shortcuts li { display: flex; justify-content: space-between; gap: 12px; }
.app-shortcuts kbd {
  display: inline-block; min-width: 1.4em; padding: 1px 6px; margin-left: 4px; text-align: center;
  border: 1px solid var(--app-border); border-radius: 4px; background: var(--app-surface); color: var(--app-text); font: inherit; font-size: 13px;
}
`;
