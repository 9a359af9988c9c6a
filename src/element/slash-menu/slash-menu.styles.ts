import { css } from 'lit';
import { listboxPopupStyles } from '../listbox/listbox.styles.js';

/** The slash menu: the shared popup frame at the spec's maximum height (20rem), less when the viewport has less room. */
export const slashMenuStyles = [
  listboxPopupStyles,
  css`
    .popup {
      max-height: min(20rem, var(--available-height, 20rem));
    }
  `,
];
