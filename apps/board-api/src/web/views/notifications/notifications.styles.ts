// Your notifications: a list of mentions, handoffs, assignments and disabled webhooks, the unread
// ones marked.
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
  a.item.unread {
    border-left: 4px solid var(--accent);
  }
  .url {
    font-family: ui-monospace, monospace;
    overflow-wrap: anywhere;
  }
  .excerpt {
    color: var(--muted);
    overflow-wrap: anywhere;
  }
`;
