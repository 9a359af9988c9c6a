import { css } from 'lit';
import { popupSurface } from '../popup.styles.js';

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
    ${popupSurface}
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
