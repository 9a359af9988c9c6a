import { css } from 'lit';

/** The handle's width in pixels (spec: "Drag handle width is 24"). */
export const DRAG_HANDLE_WIDTH = 24;

/**
 * The grip: 24 px wide (spec), fixed-positioned beside its block by the component,
 * and hidden on screens 600 px wide or narrower (spec).
 */
export const dragHandleStyles = css`
  :host {
    display: contents;
  }
  .handle {
    position: fixed;
    top: 0;
    left: 0;
    z-index: 5;
    box-sizing: border-box;
    display: flex;
    align-items: center;
    justify-content: center;
    width: ${DRAG_HANDLE_WIDTH}px;
    height: ${DRAG_HANDLE_WIDTH}px;
    border-radius: 4px;
    color: var(--_muted, #6b7280);
    cursor: grab;
    user-select: none;
    -webkit-user-select: none;
  }
  .handle[draggable='false'] {
    cursor: pointer;
  }
  .handle:hover {
    background: var(--_surface-hover, #eef2ff);
    color: var(--_text, #1f2328);
  }
  .handle:focus-visible {
    outline: 2px solid var(--_accent, #3f76ff);
    outline-offset: 1px;
  }
  .handle[hidden] {
    display: none;
  }
  svg {
    fill: currentColor;
    pointer-events: none;
  }
  @media (max-width: 600px) {
    .handle {
      display: none;
    }
  }
`;
