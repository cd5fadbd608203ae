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
  form.change {
    display: flex;
    gap: 8px;
    align-items: end;
    flex-wrap: wrap;
    margin-top: 8px;
  }
  form.change input {
    min-width: 16rem;
  }
  p.pending {
    margin-top: 8px;
    display: block;
  }
`;
