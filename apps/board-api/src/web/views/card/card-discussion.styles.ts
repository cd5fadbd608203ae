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
  /* kind-: a bare class of the kind would be .comment, the list item's grid. */
  .bubble.kind-handoff {
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
    align-items: center;
  }
  .suggestions .active {
    border-color: var(--accent);
    background: var(--accent-soft);
    color: var(--text);
  }
  .hint {
    font-size: 0.8rem;
  }
  .unresolved {
    margin: 0;
    color: var(--warn);
    font-size: 0.88rem;
  }
  .comment-actions {
    display: inline-flex;
    gap: 8px;
    margin-left: auto;
  }
  .link-button {
    padding: 0;
    border: 0;
    background: none;
    color: var(--muted);
    font: inherit;
    font-size: 0.82rem;
    cursor: pointer;
  }
  .link-button:hover {
    color: var(--accent);
    text-decoration: underline;
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
