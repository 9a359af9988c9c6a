import { css } from 'lit';

/** The look every popup shares (toolbar, menus, listboxes): surface, border, shadow and font from the theme. */
export const popupSurface = css`
  background: var(--_surface, #ffffff);
  color: var(--_text, #1f2328);
  border: 1px solid var(--_border, #d0d7de);
  border-radius: var(--_radius, 6px);
  box-shadow: var(--_shadow, 0 6px 24px rgb(15 23 42 / 0.14));
  font: var(--_font, 16px/1.6 system-ui, sans-serif);
`;
