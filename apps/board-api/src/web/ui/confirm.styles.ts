// Styles of ui/confirm.ts.
import { css } from "lit";

export const confirmStyles = css`
  dialog {
    width: min(92vw, 420px);
    padding: 22px;
    border: 1px solid var(--border);
    border-radius: 16px;
    background: var(--surface);
    color: var(--text);
    box-shadow: var(--shadow-lg);
  }
  dialog::backdrop {
    background: rgb(10 10 20 / 0.45);
  }
  p {
    margin: 8px 0 20px;
    color: var(--muted);
  }
  .row {
    justify-content: flex-end;
  }
`;
