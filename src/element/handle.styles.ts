import { css } from 'lit';

/**
 * The look every grip beside the content shares (the drag handle beside a block, the table's row
 * and column handles): placed by its component (fixed, from the viewport's corner), its icon
 * centred in the theme's muted colour, the theme's text colour and hover surface under the
 * pointer, and the accent's ring when focused from the keyboard. Each component adds its size,
 * layer and frame.
 */
export const handleLook = css`
  :host {
    display: contents;
  }
  .handle {
    position: fixed;
    top: 0;
    left: 0;
    box-sizing: border-box;
    display: flex;
    align-items: center;
    justify-content: center;
    border-radius: 4px;
    color: var(--_muted, #6b7280);
  }
  .handle:hover {
    color: var(--_text, #1f2328);
    background: var(--_surface-hover, #eef2ff);
  }
  .handle:focus-visible {
    outline: 2px solid var(--_accent, #3f76ff);
    outline-offset: 1px;
  }
  .handle svg {
    fill: currentColor;
    pointer-events: none;
  }
`;
