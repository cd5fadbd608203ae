// Your notifications: a list of mentions, the unread ones marked.
import { css } from "lit";

export const notificationsStyles = css`
  :host {
    max-width: 760px;
    margin: 0 auto;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
    margin-bottom: 18px;
  }
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
  a.item.unread {
    border-left: 4px solid var(--accent);
  }
  .excerpt {
    color: var(--muted);
    overflow-wrap: anywhere;
  }
`;
