import { layer } from './layers.js';

/** Styles of the toast viewport and toasts. */
export const toastsCss = `
.app-toast-viewport {
  position: fixed; right: 0; bottom: 0; z-index: ${layer.toast};
  display: flex; flex-direction: column; gap: 8px;
  width: min(380px, 100vw); max-height: 100vh; margin: 0; padding: 16px;
  box-sizing: border-box; list-style: none; outline: none;
  /* Only the toasts take the pointer: the viewport's padding and gaps let clicks through to the page below. */
  pointer-events: none;
}
.app-toast-viewport > * { pointer-events: auto; }
.app-toast {
  display: grid; grid-template-columns: 1fr auto; gap: 2px 12px; align-items: start;
  padding: 12px 14px; border-radius: 8px;
  background: var(--app-surface); color: var(--app-text);
  border: 1px solid var(--app-border); border-left: 4px solid var(--app-success);
  box-shadow: 0 6px 24px rgb(15 23 42 / 0.18);
}
.app-toast[data-type="error"] { border-left-color: var(--app-danger); }
.app-toast-title { grid-column: 1; margin: 0; font-weight: 600; }
.app-toast-message { grid-column: 1; margin: 0; overflow-wrap: anywhere; }
.app-toast-close {
  grid-column: 2; grid-row: 1 / span 2; border: 0; background: none; color: inherit;
  font: inherit; font-size: 18px; line-height: 1; padding: 2px 6px; border-radius: 4px; cursor: pointer;
}
.app-toast-close:hover { background: var(--app-bg); }
.app-toast-action {
  grid-column: 1; justify-self: start; margin-top: 6px; min-height: 32px; padding: 4px 12px;
  border: 1px solid var(--app-border); border-radius: 6px; background: var(--app-bg); color: var(--app-text);
  font: inherit; font-weight: 600; cursor: pointer;
}
.app-toast-action:hover { border-color: var(--app-primary); }
.app-toast-action:focus-visible { outline: 2px solid var(--app-focus); outline-offset: 2px; }
`;
