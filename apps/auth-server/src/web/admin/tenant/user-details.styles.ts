// Styles of user-details.ts: its tabs.
import { css } from "lit";

export const userDetailsStyles = css`
  [role="tablist"] {
    display: flex;
    gap: 4px;
    margin: 0 0 16px;
    border-bottom: 1px solid var(--border);
  }
  [role="tab"] {
    padding: 8px 12px;
    border: 0;
    border-bottom: 2px solid transparent;
    margin-bottom: -1px;
    background: none;
    color: var(--muted);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  [role="tab"][aria-selected="true"] {
    border-bottom-color: var(--accent);
    color: var(--text);
  }
  [role="tab"]:focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: -2px;
  }
`;
