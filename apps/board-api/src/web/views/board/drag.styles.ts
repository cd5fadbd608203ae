// What dragging looks like wherever something is dragged (drag.ts): the grip to grab it by, the
// placeholder where it would land, and the copy that follows the pointer.
import { css } from "lit";

export const dragStyles = css`
  .grip {
    display: inline-grid;
    place-items: center;
    width: 26px;
    height: 30px;
    padding: 0;
    border: 0;
    border-radius: 8px;
    background: transparent;
    color: var(--faint);
    font: inherit;
    font-size: 0.95rem;
    letter-spacing: -2px;
    cursor: grab;
    touch-action: none;
  }
  .grip:hover,
  .grip:focus-visible {
    background: var(--code-bg);
    color: var(--text);
  }
  .placeholder {
    border: 2px dashed var(--accent);
    border-radius: 12px;
    background: var(--accent-soft);
  }
  .drag-ghost {
    position: fixed;
    top: 0;
    left: 0;
    z-index: 60;
    margin: 0;
    pointer-events: none;
    box-shadow: var(--shadow-lg);
    opacity: 0.95;
    rotate: 2deg;
    list-style: none;
  }
`;
