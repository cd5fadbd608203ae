// Styles of email-status.ts.
import { css } from "lit";

export const emailStatusStyles = css`
  p {
    margin: 0;
    display: flex;
    gap: 8px;
    align-items: center;
    flex-wrap: wrap;
  }
`;
