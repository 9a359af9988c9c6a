/** Styles of the shared controls: buttons, form fields, notes, spinner and page header. */
export const controlsCss = `
.app-button {
  display: inline-flex; align-items: center; justify-content: center; gap: var(--app-space-2);
  min-height: 34px; padding: 6px var(--app-space-3); border-radius: var(--app-radius);
  border: 1px solid var(--app-border); background: var(--app-bg); color: var(--app-text);
  font: inherit; font-weight: 500; cursor: pointer; text-decoration: none; white-space: nowrap;
}
.app-button:hover:not(:disabled, [aria-busy="true"]) { background: var(--app-surface); }
.app-button[data-variant="primary"] { background: var(--app-primary); border-color: var(--app-primary); color: var(--app-primary-text); }
.app-button[data-variant="primary"]:hover:not(:disabled, [aria-busy="true"]) { background: var(--app-primary); filter: brightness(1.08); }
.app-button[data-variant="danger"] { background: var(--app-danger-solid); border-color: var(--app-danger-solid); color: var(--app-danger-solid-text); }
.app-button[data-variant="danger"]:hover:not(:disabled, [aria-busy="true"]) { background: var(--app-danger-solid); filter: brightness(1.1); }
.app-button[data-variant="ghost"] { border-color: transparent; background: transparent; }
.app-button[data-size="small"] { min-height: 28px; padding: 2px var(--app-space-2); gap: var(--app-space-1); font-size: var(--app-text-sm); }
.app-button:disabled { opacity: 0.55; cursor: not-allowed; }
/* Busy and still focused (Show more while its page loads): it looks unavailable while it works. */
.app-button[aria-busy="true"] { opacity: 0.55; cursor: progress; }
.app-field { display: flex; flex-direction: column; gap: var(--app-space-1); margin: 0 0 var(--app-space-3); }
.app-field > label, .app-fieldset > legend { font-weight: 600; font-size: var(--app-text-md); }
.app-field input, .app-field select, .app-field textarea {
  font: inherit; color: var(--app-text); background: var(--app-bg);
  border: 1px solid var(--app-border); border-radius: 6px; padding: 7px 10px;
}
.app-field input[aria-invalid="true"], .app-field select[aria-invalid="true"] { border-color: var(--app-danger); }
.app-field-hint { margin: 0; color: var(--app-muted); font-size: var(--app-text-sm); }
.app-field-error, .app-form-error { margin: 0; color: var(--app-danger); font-size: var(--app-text-sm); }
.app-form-error { margin: 0 0 12px; padding: 8px 10px; border: 1px solid var(--app-danger); border-radius: 6px; }
.app-fieldset { border: 0; margin: 0 0 14px; padding: 0; }
.app-fieldset .app-options { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.app-fieldset .app-option {
  display: inline-flex; align-items: center; gap: 6px; padding: 5px 10px;
  border: 1px solid var(--app-border); border-radius: 16px; cursor: pointer;
}
.app-fieldset .app-option:has(input:checked) { border-color: var(--app-primary); background: var(--app-surface); }
.app-note { margin: 6px 0 0; color: var(--app-muted); font-size: var(--app-text-sm); }
span.app-note { margin: 0; }
.app-spinner { display: inline-flex; align-items: center; gap: 8px; color: var(--app-muted); }
.app-spinner-ring {
  width: 16px; height: 16px; border-radius: 50%;
  border: 2px solid var(--app-border); border-top-color: var(--app-primary);
  animation: app-spin 0.8s linear infinite;
}
@keyframes app-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .app-spinner-ring { animation-duration: 2.4s; } }
.app-page-header {
  display: flex; align-items: center; justify-content: space-between; gap: var(--app-space-3); flex-wrap: wrap;
  padding: var(--app-space-4) var(--app-space-5); border-bottom: 1px solid var(--app-border);
}
.app-page-header > div { min-width: 0; }
.app-page-header h1 { margin: 0; font-size: var(--app-text-xl); overflow-wrap: anywhere; }
.app-page-header p { margin: 2px 0 0; color: var(--app-muted); }
.app-page-header-actions { display: flex; flex-wrap: wrap; gap: var(--app-space-2); align-items: center; }
@media (max-width: 767.98px) { .app-page-header { padding: var(--app-space-3) var(--app-space-4); } }
`;
