// Styles of user-passkeys.ts.
import { css } from "lit";

export const userPasskeysStyles = css`
  .state {
    padding: 8px 0 16px;
  }
  .table-wrap {
    border: 1px solid var(--border);
    border-radius: var(--radius);
  }
  .meta {
    display: block;
    margin-top: 2px;
    color: var(--faint);
    font-size: 0.84rem;
  }
`;
