import { layer } from './layers.js';
import { VISUALLY_HIDDEN } from './theme.css.js';

// Colours fall back to the light theme's, so a widget's dialog reads well on a page without the app's theme.

/** Styles of the app's dialogs: the app's own and the widgets' (sizes, placements, the fade, a hidden heading). */
export const dialogCss = `
.app-dialog-overlay { position: fixed; inset: 0; background: rgb(0 0 0 / 0.45); z-index: ${layer.dialog}; }
.app-dialog {
  position: fixed; z-index: ${layer.dialog}; top: 50%; left: 50%; transform: translate(-50%, -50%);
  width: min(520px, calc(100vw - 32px)); max-height: calc(100vh - 48px); overflow-y: auto; box-sizing: border-box;
  padding: 22px; border-radius: 12px; background: var(--app-bg, #ffffff); color: var(--app-text, #1f2937);
  border: 1px solid var(--app-border, #c9ced6); box-shadow: 0 16px 48px rgb(0 0 0 / 0.3);
}
.app-dialog[data-size="small"] { width: min(30rem, calc(100vw - 32px)); }
.app-dialog[data-size="large"] { width: min(36rem, calc(100vw - 32px)); }
.app-dialog[data-placement="top"] { top: 10vh; transform: translateX(-50%); max-height: 80vh; }
.app-dialog-title { margin: 0 0 4px; font-size: 18px; }
.app-dialog-description { margin: 0 0 16px; color: var(--app-muted, #4b5563); }
.app-dialog[data-heading="hidden"] > :is(.app-dialog-title, .app-dialog-description) { ${VISUALLY_HIDDEN} }
.app-dialog-actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 8px; }
:is(.app-dialog-overlay, .app-dialog)[data-fade][data-state="open"] { animation: app-dialog-fade-in 150ms ease-out; }
:is(.app-dialog-overlay, .app-dialog)[data-fade][data-state="closed"] { animation: app-dialog-fade-out 150ms ease-in; }
@keyframes app-dialog-fade-in { from { opacity: 0; } }
@keyframes app-dialog-fade-out { to { opacity: 0; } }
@media (prefers-reduced-motion: reduce) {
  :is(.app-dialog-overlay, .app-dialog)[data-fade] { animation: none !important; }
}
`;
