// The board: its head, the row of columns (scrolling sideways), each column's cards, the
// placeholders and the copy that follows the pointer while something is dragged.
import { css } from "lit";

export const boardStyles = css`
  :host {
    display: block;
    margin: -28px -24px -64px;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    align-items: center;
    padding: 18px 24px 14px;
  }
  .head h1 {
    min-width: 0;
    font-size: 1.35rem;
    overflow-wrap: anywhere;
  }
  .head .spacer {
    flex: 1;
  }
  .archived-toggle {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    color: var(--muted);
    font-size: 0.88rem;
  }
  .columns {
    /* Contains the absolutely positioned screen-reader labels inside, so they scroll with it. */
    position: relative;
    display: flex;
    gap: 14px;
    align-items: flex-start;
    min-height: calc(100vh - 140px);
    padding: 4px 24px 40px;
    overflow-x: auto;
    scroll-snap-type: x proximity;
    /* Snapping keeps the page's margin: the first column never sits against the window's edge. */
    scroll-padding-inline: 24px;
  }
  /* The row's end margin (padding at the end of a scrolling flex row is not kept). */
  .columns::after {
    content: "";
    flex: 0 0 10px;
  }
  section.column {
    flex: 0 0 290px;
    display: flex;
    flex-direction: column;
    max-height: calc(100vh - 160px);
    border-radius: 14px;
    background: var(--column);
    scroll-snap-align: start;
  }
  .done-mark {
    color: var(--ok);
    font-size: 0.85rem;
    font-weight: 700;
  }
  .column-head {
    display: flex;
    gap: 4px;
    align-items: center;
    padding: 8px 6px 4px 4px;
    touch-action: pan-y;
  }
  .column-head h2 {
    flex: 0 1 auto;
    min-width: 0;
    font-size: 0.92rem;
    overflow-wrap: anywhere;
  }
  .column-head input.rename {
    flex: 1;
    min-height: 32px;
    padding: 3px 8px;
    font-weight: 700;
  }
  /* After the name (and its done tick): pushed to the end of the head, before the menu. */
  .count {
    margin-left: auto;
    color: var(--faint);
    font-size: 0.8rem;
    font-weight: 700;
  }
  ol.cards {
    display: grid;
    gap: 8px;
    align-content: start;
    min-height: 40px;
    margin: 0;
    padding: 4px 10px 10px;
    list-style: none;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  ol.cards > li {
    position: relative;
    border-radius: 12px;
    cursor: grab;
    /* Cards out of view are not laid out or painted: a long column scrolls smoothly. */
    content-visibility: auto;
    contain-intrinsic-size: auto 64px;
  }
  /* The room of the cards a long column has not rendered yet (column-window.ts). */
  ol.cards > li.unrendered {
    content-visibility: visible;
    cursor: default;
  }
  ol.cards > li:focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  section.column.placeholder {
    flex: 0 0 290px;
    min-height: 120px;
    border-radius: 14px;
  }
  form.add {
    display: grid;
    gap: 6px;
    padding: 0 10px 10px;
  }
  form.add input {
    min-height: 36px;
  }
  .add-toggle {
    margin: 0 10px 10px;
    justify-content: flex-start;
    border-style: dashed;
    background: transparent;
    color: var(--muted);
  }
  form.new-column {
    flex: 0 0 250px;
    display: grid;
    gap: 6px;
  }
  .loading {
    padding: 24px;
  }
  @media (max-width: 640px) {
    :host {
      margin: -18px -12px -48px;
    }
    .head {
      padding: 14px 12px 10px;
    }
    .columns {
      padding: 4px 12px 32px;
      scroll-snap-type: x mandatory;
      scroll-padding-inline: 12px;
    }
    section.column,
    section.column.placeholder {
      flex-basis: calc(100vw - 44px);
    }
  }
`;

/** The column's ⋯ menu: a button and a short list of actions. */
export const menuStyles = css`
  .menu {
    position: relative;
  }
  .menu-list {
    position: absolute;
    top: 36px;
    right: 0;
    z-index: 25;
    display: grid;
    min-width: 190px;
    padding: 6px;
    border: 1px solid var(--border);
    border-radius: 12px;
    background: var(--surface);
    box-shadow: var(--shadow-lg);
  }
  .menu-item {
    padding: 8px 10px;
    border: 0;
    border-radius: 8px;
    background: transparent;
    color: var(--text);
    font: inherit;
    font-size: 0.9rem;
    text-align: left;
    cursor: pointer;
  }
  .menu-item:hover:not(:disabled),
  .menu-item:focus-visible {
    background: var(--code-bg);
  }
  /* A checkbox item: its tick before the label, room for it when off. */
  .menu-item.check::before {
    display: inline-block;
    width: 1.2em;
    content: "";
  }
  .menu-item.check[aria-checked="true"]::before {
    /* The tick says it to the eye; the item's checked state says it to a screen reader. */
    content: "✓" / "";
    color: var(--ok);
  }
  .menu-item.danger {
    color: var(--bad);
  }
  .menu-item:disabled {
    color: var(--faint);
    cursor: default;
  }
  .grip-space {
    width: 8px;
  }
`;
