// Shared styles of the app's components, on top of @org/web-theme's base: type sizes, buttons, form
// fields, panels, chips.
import { css } from "lit";
import { themeBase } from "@org/web-theme/styles";

const board = css`
  h2 {
    font-size: 1.1rem;
  }
  h3 {
    font-size: 0.95rem;
  }
  .button {
    gap: 6px;
    min-height: 36px;
    padding: 6px 14px;
    border-color: var(--border-strong);
    border-radius: 10px;
    background: var(--surface);
    color: var(--text);
    font-size: 0.92rem;
  }
  .button:hover:not(:disabled) {
    border-color: var(--accent);
    color: var(--accent);
  }
  .button.danger {
    color: var(--bad);
  }
  .button.danger:hover:not(:disabled) {
    border-color: var(--bad);
    color: var(--bad);
  }
  .button.ghost {
    border-color: transparent;
    background: transparent;
  }
  .button.small {
    min-height: 30px;
    padding: 3px 10px;
    font-size: 0.85rem;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    width: 34px;
    height: 34px;
    padding: 0;
    border: 1px solid transparent;
    border-radius: 9px;
    background: transparent;
    color: var(--muted);
    font: inherit;
    font-size: 1.1rem;
    cursor: pointer;
  }
  .icon-button:hover {
    background: var(--code-bg);
    color: var(--text);
  }
  label.field {
    display: grid;
    gap: 4px;
    font-size: 0.85rem;
    font-weight: 600;
    color: var(--muted);
  }
  input,
  select,
  textarea {
    min-height: 38px;
    padding: 7px 10px;
    border-radius: 10px;
    font-size: 0.95rem;
    font-weight: 400;
  }
  textarea {
    min-height: 90px;
    line-height: 1.45;
  }
  input[type="checkbox"] {
    width: 18px;
    min-height: 18px;
    height: 18px;
    accent-color: var(--accent);
  }
  input[type="color"] {
    width: 44px;
    padding: 3px;
  }
  .panel {
    padding: 20px;
    border: 1px solid var(--border);
    border-radius: 14px;
    background: var(--surface);
    box-shadow: 0 1px 2px rgb(16 24 40 / 0.04);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  .stack {
    display: grid;
    gap: 12px;
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    max-width: 100%;
    padding: 1px 8px;
    border-radius: 999px;
    background: var(--code-bg);
    color: var(--muted);
    font-size: 0.76rem;
    font-weight: 600;
    line-height: 1.6;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .chip.accent {
    background: var(--accent-soft);
    color: var(--accent);
  }
  .chip.warn {
    color: var(--warn);
  }
  .dot {
    display: inline-block;
    width: 9px;
    height: 9px;
    border-radius: 50%;
    flex: none;
  }
  .avatar {
    display: inline-grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border-radius: 50%;
    background: var(--accent-soft);
    color: var(--accent);
    font-size: 0.7rem;
    font-weight: 700;
    flex: none;
  }
  .error {
    padding: 10px 12px;
    border: 1px solid var(--bad);
    border-radius: 10px;
    color: var(--bad);
    background: var(--surface);
    font-size: 0.92rem;
  }
  .empty {
    padding: 28px 16px;
    border: 1px dashed var(--border-strong);
    border-radius: 14px;
    color: var(--muted);
    text-align: center;
  }
  th,
  td {
    padding: 9px 8px;
  }
  th {
    font-size: 0.78rem;
    letter-spacing: 0.04em;
  }
`;

export const base = [themeBase, board];

/** Rendered Markdown (card bodies, comments). */
export const prose = css`
  .prose {
    overflow-wrap: anywhere;
    line-height: 1.55;
  }
  .prose > :first-child {
    margin-top: 0;
  }
  .prose > :last-child {
    margin-bottom: 0;
  }
  .prose p,
  .prose ul,
  .prose ol,
  .prose pre,
  .prose blockquote {
    margin: 0 0 0.7em;
  }
  .prose pre {
    padding: 10px 12px;
    border-radius: 10px;
    background: var(--code-bg);
    overflow: auto;
  }
  .prose pre code {
    padding: 0;
    background: none;
  }
  .prose blockquote {
    padding-left: 12px;
    border-left: 3px solid var(--border-strong);
    color: var(--muted);
  }
  .prose .mention {
    padding: 0 3px;
    border-radius: 5px;
    background: var(--accent-soft);
    color: var(--accent);
    font-weight: 600;
  }
`;

/** Sections of the card panel. */
export const panelStyles = css`
  section.part {
    display: grid;
    gap: 10px;
    padding: 16px 0;
    border-top: 1px solid var(--border);
  }
  section.part > h3 {
    display: flex;
    gap: 8px;
    align-items: center;
    color: var(--muted);
    font-size: 0.78rem;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  .list {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;
