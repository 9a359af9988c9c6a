import { css } from 'lit';

/** One option of an editor popup: a row with an icon or avatar, a label and an optional description. */
export const listboxOptionStyles = css`
  :host {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    padding: 0.375rem 0.5rem;
    border-radius: calc(var(--_radius, 6px) - 2px);
    color: var(--_text, #1f2328);
    font-size: 0.875rem;
    line-height: 1.3;
    cursor: pointer;
    user-select: none;
    scroll-margin: 0.25rem;
  }
  :host([hidden]) {
    display: none;
  }
  :host([aria-selected='true']) {
    background: var(--_surface-hover, #eef2ff);
    box-shadow: inset 3px 0 0 var(--_accent, #3f76ff);
  }
  /* The muted colour is only just legible on the plain surface; on the highlight it leans towards the text colour. */
  :host([aria-selected='true']) .description {
    color: color-mix(in srgb, var(--_muted, #6b7280) 55%, var(--_text, #1f2328));
  }
  .text {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .label,
  .description {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .label {
    font-weight: 500;
  }
  .description {
    color: var(--_muted, #6b7280);
    font-size: 0.8125rem;
  }
  /* Slash-menu icons: a small framed glyph drawn in the text colour. */
  ::slotted(svg) {
    flex: none;
    box-sizing: border-box;
    width: 2.25rem;
    height: 2.25rem;
    padding: 0.5rem;
    border: 1px solid var(--_border, #d0d7de);
    border-radius: var(--_radius, 6px);
    background: var(--_bg, #ffffff);
    color: var(--_text, #1f2328);
  }
  /* Mention avatars: a round picture, or the person's initial on the mention colours. */
  ::slotted(.avatar) {
    flex: none;
    box-sizing: border-box;
    display: grid;
    place-items: center;
    width: 1.5rem;
    height: 1.5rem;
    border-radius: 50%;
    object-fit: cover;
    background: var(--_mention-bg, #e8efff);
    color: var(--_mention-text, #2456d6);
    font-size: 0.75rem;
    font-weight: 600;
  }
  /* Windows high contrast drops backgrounds and shadows; an outline keeps the highlight visible. */
  @media (forced-colors: active) {
    :host([aria-selected='true']) {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
  }
`;
