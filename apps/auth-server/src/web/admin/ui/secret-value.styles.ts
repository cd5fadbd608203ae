// Styles of secret-value.ts.
import { css } from "lit";

export const secretValueStyles = css`
  .row {
    display: flex;
    gap: 8px;
  }
  input {
    flex: 1;
    min-width: 0;
    font-family: var(--mono);
    font-size: 0.85rem;
    background: var(--surface-2);
  }
  label {
    display: block;
    margin-bottom: 6px;
    font-weight: 600;
    font-size: 0.92rem;
  }
  .button svg {
    width: 16px;
    height: 16px;
  }
  .copied {
    color: var(--ok);
    border-color: var(--ok);
  }
`;
