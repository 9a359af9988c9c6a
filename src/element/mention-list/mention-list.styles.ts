import { css } from 'lit';
import { listboxPopupStyles } from '../listbox/listbox.styles.js';

/** The mention list: the shared popup frame at the spec's maximum height (about 12rem), less when the viewport has less room. */
export const mentionListStyles = [
  listboxPopupStyles,
  css`
    .popup {
      max-height: min(12rem, var(--available-height, 12rem));
    }
  `,
];
