// My cards: three short lists of links to cards, with their project and due date.
import { css } from "lit";

export const myCardsStyles = css`
  :host {
    display: block;
    max-width: 760px;
    margin: 0 auto;
  }
  .head {
    margin-bottom: 18px;
  }
  section {
    margin-bottom: 22px;
  }
  h2 {
    display: flex;
    gap: 8px;
    align-items: center;
    margin-bottom: 8px;
    font-size: 1.05rem;
  }
  .count {
    color: var(--muted);
    font-size: 0.85rem;
    font-weight: 600;
  }
  a.item {
    padding: 12px 16px;
  }
  .title {
    font-weight: 600;
    overflow-wrap: break-word;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    color: var(--muted);
    font-size: 0.85rem;
  }
  .overdue {
    color: var(--bad);
    font-weight: 600;
  }
  .empty {
    color: var(--muted);
  }
`;
