// Styles of user-passkeys.ts, user-sessions.ts and user-activity.ts.
import { css } from "lit";

export const userPasskeysStyles = css`
  .state {
    padding: 8px 0 16px;
  }
  .table-wrap {
    border: 1px solid var(--border);
    border-radius: var(--radius);
  }
  .note {
    margin: 0 0 12px;
    color: var(--muted);
    font-size: 0.875rem;
  }
  .end-all {
    display: flex;
    justify-content: flex-end;
    margin-top: 12px;
  }
  .meta {
    display: block;
    margin-top: 2px;
    color: var(--faint);
    font-size: 0.84rem;
  }
`;
