// A page's list of links shown as cards (notifications, My cards).
import { css } from "lit";

export const linkListStyles = css`
  ol {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a.item {
    display: grid;
    gap: 4px;
    padding: 14px 16px;
    border: 1px solid var(--border);
    border-radius: 14px;
    background: var(--surface);
    color: var(--text);
    text-decoration: none;
  }
  a.item:hover {
    border-color: var(--accent);
  }
`;
