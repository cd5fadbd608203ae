// Styles of confirm.ts.
import { css } from "lit";

export const confirmStyles = css`
  p {
    color: var(--muted);
  }
`;
