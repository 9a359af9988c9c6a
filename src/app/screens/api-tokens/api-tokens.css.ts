/** The API tokens screen: its rows (label and prefix, then access, created, expires, last used, then Revoke), the dialog's access choice and the shown token. */
export const apiTokensCss = `
.app-tokens-intro { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--app-space-3); margin: 0 0 var(--app-space-3); }
.app-tokens-intro p { margin: 0; color: var(--app-muted); max-width: 60ch; }
.app-token-row { flex-wrap: wrap; }
.app-token-name { flex: 1 1 12rem; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.app-token-label { font-weight: 600; overflow-wrap: anywhere; }
.app-token-owner { font-size: var(--app-text-sm); }
.app-member-tokens { margin-top: var(--app-space-5); }
.app-member-tokens h2 { margin: 0 0 var(--app-space-1); font-size: var(--app-text-lg); }
.app-tokens-note { margin: 0 0 var(--app-space-3); color: var(--app-muted); max-width: 60ch; }
.app-token-prefix { font-family: var(--app-font-mono, ui-monospace, monospace); font-size: var(--app-text-sm); color: var(--app-muted); }
.app-token-meta { display: flex; flex-wrap: wrap; gap: var(--app-space-1) var(--app-space-4); margin: 0; font-size: var(--app-text-sm); }
.app-token-meta > div { display: flex; flex-direction: column; min-width: 7.5rem; }
.app-token-meta dt { color: var(--app-muted); }
.app-token-meta dd { margin: 0; }
.app-token-meta dd[data-expired] { color: var(--app-danger); }
.app-fieldset.app-token-access .app-options { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: var(--app-space-2); }
.app-token-access-option {
  display: flex; flex-direction: column; gap: 2px; padding: var(--app-space-2) var(--app-space-3);
  border: 1px solid var(--app-border); border-radius: 6px;
}
.app-token-access-option:has(input:checked) { border-color: var(--app-primary); background: var(--app-surface); }
.app-token-access-option label { display: inline-flex; align-items: center; gap: 6px; font-weight: 600; cursor: pointer; }
.app-token-access-option .app-field-hint { padding-left: calc(13px + 6px); }
.app-token-warning {
  display: flex; gap: var(--app-space-2); align-items: flex-start; margin: 0 0 var(--app-space-3);
  padding: var(--app-space-2) var(--app-space-3); border: 1px solid var(--app-danger); border-radius: 6px;
}
.app-token-warning .app-icon { flex: none; margin-top: 2px; color: var(--app-danger); }
@media (max-width: 767.98px) {
  /* A phone puts the dates under the label and keeps a 44 px target for Revoke. */
  .app-token-meta { order: 2; flex-basis: 100%; }
  .app-token-row .app-button { min-height: 44px; }
}
`;
