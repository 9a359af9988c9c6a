import { css } from 'lit';
import { handleLook } from '../handle.styles.js';

/** The handle's width in pixels (spec: "Drag handle width is 24"). */
export const DRAG_HANDLE_WIDTH = 24;

/**
 * The grip: the look every handle shares (../handle.styles.ts), 24 px wide (spec), fixed-positioned
 * beside its block by the component, and hidden on screens 600 px wide or narrower (spec).
 */
export const dragHandleStyles = [
  handleLook,
  css`
    .handle {
      z-index: 5;
      width: ${DRAG_HANDLE_WIDTH}px;
      height: ${DRAG_HANDLE_WIDTH}px;
      cursor: grab;
      user-select: none;
      -webkit-user-select: none;
    }
    .handle[draggable='false'] {
      cursor: pointer;
    }
    .handle[hidden] {
      display: none;
    }
    @media (max-width: 600px) {
      .handle {
        display: none;
      }
    }
  `,
];
