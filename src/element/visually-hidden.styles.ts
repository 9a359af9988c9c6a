import { css } from 'lit';

/** The declarations that keep an element heard by screen readers but out of sight (a live region, a control's spoken label). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
