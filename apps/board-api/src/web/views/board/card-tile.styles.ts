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
  /* A finger takes a card by its grip (the rest of the card scrolls the board as usual). */
  .tile .card-grip {
    display: none;
  }
  @media (pointer: coarse) {
    .tile .top {
      padding-right: 34px;
    }
    .tile {
      position: relative;
    }
    .tile .card-grip {
      position: absolute;
      top: 4px;
      right: 4px;
      display: grid;
      place-items: center;
      width: 36px;
      height: 36px;
      border-radius: 8px;
      color: var(--faint);
      letter-spacing: -2px;
      touch-action: none;
    }
  }
`;
