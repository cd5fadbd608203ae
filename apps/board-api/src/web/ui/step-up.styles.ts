// Styles of ui/step-up.ts.
import { css } from "lit";

/** The step-up dialog: its text clear of the passkey button below it. */
export const stepUpStyles = css`
  p {
    margin: 0 0 12px;
  }
`;
