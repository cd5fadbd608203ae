// Styles of passkeys-view.ts.
import { css } from "lit";

export const passkeysViewStyles = css`
  .meta {
    display: block;
    margin-top: 2px;
    color: var(--faint);
    font-size: 0.84rem;
  }
  .state {
    padding: 24px;
  }
  .last-note {
    margin: 0;
    padding: 12px 16px 14px;
    border-top: 1px solid var(--border);
    font-size: 0.92rem;
  }
`;
