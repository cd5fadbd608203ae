// Styles of ui/secret-value.ts.
import { css } from "lit";

export const secretValueStyles = css`
  .secret {
    display: flex;
    gap: 8px;
    align-items: center;
    padding: 8px 8px 8px 12px;
    border: 1px solid var(--border-strong);
    border-radius: 10px;
    background: var(--code-bg);
  }
  code {
    flex: 1;
    overflow-wrap: anywhere;
    background: none;
    padding: 0;
    font-size: 0.85rem;
  }
`;
