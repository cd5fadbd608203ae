import { css } from "lit";

export const passkeyStyles = css`
  .stack {
    display: grid;
    gap: 10px;
  }
  authkit-status {
    padding-inline: 2px;
  }
`;
