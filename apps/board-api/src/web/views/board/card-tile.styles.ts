// One card on the board (card-tile.ts), drawn in the board's own shadow root.
import { css } from "lit";

export const cardTileStyles = css`
  .tile {
    display: grid;
    gap: 7px;
    padding: 10px 12px;
    border: 1px solid var(--border);
    border-radius: 12px;
    background: var(--surface);
    box-shadow: var(--shadow);
    transition:
      border-color 120ms ease,
      box-shadow 120ms ease;
  }
  .tile:hover {
    border-color: var(--border-strong);
  }
  .tile.archived {
    opacity: 0.6;
    border-style: dashed;
  }
  .tile .top {
    display: flex;
    gap: 6px;
    align-items: baseline;
  }
  .tile .number {
    flex: none;
    color: var(--faint);
    font-size: 0.78rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .tile .title {
    min-width: 0;
    font-size: 0.93rem;
    font-weight: 600;
    line-height: 1.35;
    overflow-wrap: anywhere;
  }
  .tile .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 5px;
    align-items: center;
  }
  .tile .meta .spacer {
    flex: 1;
  }
  .tile .overdue {
    color: var(--bad);
  }
`;
