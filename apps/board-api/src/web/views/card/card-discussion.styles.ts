// Comments and activity in the card panel.
import { css } from "lit";

export const commentsStyles = css`
  :host {
    display: block;
  }
  .comment {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 10px;
  }
  .bubble {
    padding: 8px 12px;
    border: 1px solid var(--border);
    border-radius: 12px;
    background: var(--surface-2);
  }
  .bubble.handoff {
    border-color: var(--accent);
  }
  .who {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    align-items: baseline;
    margin-bottom: 2px;
    font-size: 0.85rem;
  }
  .suggestions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
`;

export const activityStyles = css`
  :host {
    display: block;
  }
  .activity li {
    font-size: 0.88rem;
    color: var(--muted);
    overflow-wrap: anywhere;
  }
  .activity strong {
    color: var(--text);
    font-weight: 600;
  }
`;
