import { css } from 'lit';

/**
 * The frame both editor popups share (slash menu, mention list): a fixed-position
 * surface that scrolls, plus the quiet status line. Each popup adds its spec max-height.
 */
export const listboxPopupStyles = css`
  :host {
    display: block;
  }
  .popup {
    position: fixed;
    top: 0;
    left: 0;
    z-index: 20;
    box-sizing: border-box;
    min-width: 14rem;
    max-width: min(22rem, calc(100vw - 16px));
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: 0.25rem;
    background: var(--_surface, #ffffff);
    color: var(--_text, #1f2328);
    border: 1px solid var(--_border, #d0d7de);
    border-radius: var(--_radius, 6px);
    box-shadow: var(--_shadow, 0 6px 24px rgb(15 23 42 / 0.14));
    font: var(--_font, 16px/1.6 system-ui, sans-serif);
  }
  ::slotted([role='listbox']) {
    display: flex;
    flex-direction: column;
    gap: 1px;
    outline: none;
  }
  .status {
    color: var(--_muted, #6b7280);
    font-size: 0.875rem;
    line-height: 1.3;
    padding: 0.375rem 0.5rem;
  }
  /* Kept in the tree while empty (a live region must exist before it speaks), but takes no room. */
  .status:empty {
    padding: 0;
  }
`;
