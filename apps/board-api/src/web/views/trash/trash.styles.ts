// The trash: a short list of deleted cards, each with its Restore button.
import { css } from "lit";

export const trashStyles = css`
  :host {
    display: block;
    max-width: 760px;
    margin: 0 auto;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    margin-bottom: 6px;
  }
  .head h1 {
    margin: 0;
  }
  .back {
    flex-basis: 100%;
    color: var(--muted);
    font-size: 0.9rem;
  }
  .spacer {
    flex: 1;
  }
  ol {
    display: grid;
    gap: 8px;
    margin: 16px 0 0;
    padding: 0;
    list-style: none;
  }
  .item {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 12px 16px;
    border: 1px solid var(--border);
    border-radius: 14px;
    background: var(--surface);
  }
  .text {
    display: grid;
    flex: 1;
    gap: 4px;
    min-width: 0;
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
  .empty {
    margin-top: 16px;
    color: var(--muted);
  }
`;
