import { css } from 'lit';
import { popupSurface } from '../popup.styles.js';

/**
 * The toolbar: a small fixed-position surface drawn with the editor's theme
 * properties (`--_*`, defined by `<rich-editor>` for light and dark), so it follows
 * the host's `--rich-editor-*` overrides and `prefers-color-scheme`.
 */
export const toolbarStyles = css`
  :host {
    display: contents;
  }
  .toolbar {
    position: fixed;
    top: 0;
    left: 0;
    z-index: 30;
    display: flex;
    /* On a phone-sized screen the buttons go on a second row rather than past the viewport's edge (8 px kept clear, as the placement keeps). */
    flex-wrap: wrap;
    max-width: calc(100vw - 16px);
    align-items: center;
    gap: 2px;
    box-sizing: border-box;
    padding: 4px;
    ${popupSurface}
    font-size: 0.875rem;
    line-height: 1.2;
    white-space: nowrap;
    user-select: none;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    box-sizing: border-box;
    min-width: 2rem;
    height: 2rem;
    padding: 0 0.375rem;
    font: inherit;
    color: inherit;
    background: transparent;
    border: 0;
    border-radius: calc(var(--_radius, 6px) - 2px);
    cursor: pointer;
  }
  button.icon {
    justify-content: center;
    padding: 0;
  }
  button:hover,
  button[aria-expanded='true'] {
    background: var(--_surface-hover, #eef2ff);
  }
  /* Pressed marks and an existing link: a tinted background and an accent underline, not colour alone. */
  button[aria-pressed='true'],
  button.active {
    background: var(--_surface-hover, #eef2ff);
    box-shadow: inset 0 -2px 0 var(--_accent, #3f76ff);
  }
  button:focus-visible,
  .menu:focus-visible,
  .link-input:focus-visible {
    outline: 2px solid var(--_accent, #3f76ff);
    outline-offset: 1px;
  }
  svg {
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
  }
  .block {
    min-width: 7.5rem;
    justify-content: space-between;
    padding: 0 0.375rem 0 0.5rem;
  }
  .block svg {
    width: 0.875rem;
    height: 0.875rem;
    color: var(--_muted, #6b7280);
  }
  .divider {
    align-self: stretch;
    width: 1px;
    margin: 0.25rem 0.125rem;
    background: var(--_border, #d0d7de);
  }
  .panel {
    position: fixed;
    top: 0;
    left: 0;
    box-sizing: border-box;
    padding: 0.25rem;
    background: var(--_surface, #ffffff);
    color: var(--_text, #1f2328);
    border: 1px solid var(--_border, #d0d7de);
    border-radius: var(--_radius, 6px);
    box-shadow: var(--_shadow, 0 6px 24px rgb(15 23 42 / 0.14));
  }
  .menu {
    display: flex;
    flex-direction: column;
    gap: 1px;
    min-width: 11rem;
    max-height: min(20rem, var(--available-height, 20rem));
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  .option {
    display: flex;
    align-items: center;
    gap: 0.375rem;
    padding: 0.375rem 0.5rem;
    border-radius: calc(var(--_radius, 6px) - 2px);
    cursor: pointer;
  }
  .option[aria-selected='true'] {
    background: var(--_surface-hover, #eef2ff);
    box-shadow: inset 3px 0 0 var(--_accent, #3f76ff);
  }
  .option[aria-disabled='true'] {
    color: var(--_muted, #6b7280);
    cursor: default;
  }
  .option.current {
    font-weight: 600;
  }
  .check {
    display: inline-flex;
    width: 1rem;
  }
  .check svg {
    width: 1rem;
    height: 1rem;
  }
  .link-panel {
    display: flex;
    align-items: center;
    gap: 0.25rem;
  }
  .link-input {
    box-sizing: border-box;
    width: min(16rem, calc(100vw - 6rem));
    height: 2rem;
    padding: 0 0.5rem;
    font: inherit;
    color: inherit;
    background: var(--_bg, #ffffff);
    border: 1px solid var(--_border, #d0d7de);
    border-radius: calc(var(--_radius, 6px) - 2px);
  }
  .link-input::placeholder {
    color: var(--_muted, #6b7280);
  }
  .link-input[aria-invalid='true'] {
    border-color: var(--_danger, #b42318);
    box-shadow: 0 0 0 1px var(--_danger, #b42318);
  }
  .remove {
    padding: 0 0.5rem;
  }
  .remove svg {
    width: 0.875rem;
    height: 0.875rem;
  }
  /* Windows high contrast drops backgrounds and shadows; outlines keep pressed and highlighted states visible. */
  @media (forced-colors: active) {
    button[aria-pressed='true'],
    button.active,
    .option[aria-selected='true'] {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
  }
`;
