// Styles of admins-view.ts.
import { css } from "lit";

export const adminsViewStyles = css`
  .you {
    margin-left: 8px;
  }
`;
