import { css } from 'styled-components';

/** Out of sight but still read by screen readers (a live status, a table's column headers shown as cards). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
