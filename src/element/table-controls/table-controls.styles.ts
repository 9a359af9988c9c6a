import { css } from 'lit';
import { handleLook } from '../handle.styles.js';
import { popupSurface } from '../popup.styles.js';

/** How thick a handle is across the table's edge, in pixels (the component centres it on the edge). */
export const TABLE_HANDLE_THICKNESS = 12;
/** How long a handle is along the edge, in pixels. */
export const TABLE_HANDLE_LENGTH = 24;

/**
 * The handles (thin grips straddling the table's edges, fixed-positioned by the
 * component) and the menu (the editor popups' surface, scrolling when the viewport
 * is short).
 */
export const tableControlsStyles = [
  handleLook,
  css`
    .handle {
      z-index: 6;
      margin: 0;
      padding: 0;
      font: inherit;
      background: var(--_surface, #ffffff);
      border: 1px solid var(--_border, #d0d7de);
      cursor: pointer;
    }
    .handle.row {
      width: ${TABLE_HANDLE_THICKNESS}px;
      height: ${TABLE_HANDLE_LENGTH}px;
    }
    .handle.column {
      width: ${TABLE_HANDLE_LENGTH}px;
      height: ${TABLE_HANDLE_THICKNESS}px;
    }
    .handle[aria-expanded='true'] {
      color: var(--_text, #1f2328);
      background: var(--_surface-hover, #eef2ff);
    }
    .handle.row svg {
      width: 8px;
      height: 14px;
    }
    .handle.column svg {
      width: 14px;
      height: 8px;
    }
    .menu {
      position: fixed;
      top: 0;
      left: 0;
      z-index: 20;
      box-sizing: border-box;
      min-width: 12rem;
      max-height: min(28rem, var(--available-height, 28rem));
      overflow-y: auto;
      overscroll-behavior: contain;
      padding: 0.25rem;
      ${popupSurface}
      font-size: 0.875rem;
      line-height: 1.3;
    }
    .item {
      display: flex;
      align-items: center;
      gap: 0.5rem;
      padding: 0.3rem 0.5rem;
      border-radius: 4px;
      cursor: pointer;
      outline: none;
      user-select: none;
    }
    .item:focus {
      background: var(--_surface-hover, #eef2ff);
      box-shadow: inset 2px 0 0 var(--_accent, #3f76ff);
    }
    .item:focus-visible {
      outline: 2px solid var(--_accent, #3f76ff);
      outline-offset: -2px;
    }
    .item[aria-disabled='true'] {
      color: var(--_muted, #6b7280);
      cursor: default;
    }
    .item.danger:not([aria-disabled='true']) {
      color: var(--_danger, #b42318);
    }
    .item[role='menuitemradio'][aria-checked='true'] .label {
      font-weight: 600;
    }
    .label {
      flex: 1;
    }
    .check {
      min-width: 1em;
      text-align: right;
    }
    .swatch {
      flex: none;
      width: 1rem;
      height: 1rem;
      border-radius: 3px;
      border: 1px solid var(--_border, #d0d7de);
    }
    .swatch.none {
      background: linear-gradient(135deg, transparent 45%, var(--_danger, #b42318) 45% 55%, transparent 55%);
    }
    .item[aria-checked='true'] .swatch {
      outline: 2px solid var(--_accent, #3f76ff);
      outline-offset: 1px;
    }
    .separator {
      height: 1px;
      margin: 0.25rem 0;
      background: var(--_border, #d0d7de);
    }
    .group-label {
      padding: 0.25rem 0.5rem 0.125rem;
      color: var(--_muted, #6b7280);
      font-size: 0.75rem;
      text-transform: uppercase;
      letter-spacing: 0.04em;
    }
  `,
];
