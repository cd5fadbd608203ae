// Shared styles of the app's components: type, buttons, form fields, panels, chips.
import { css } from "lit";

export const base = css`
  :host {
    display: block;
    color: var(--text);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  [hidden] {
    display: none !important;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      transition: none !important;
    }
  }
  h1,
  h2,
  h3 {
    margin: 0;
    letter-spacing: -0.01em;
  }
  h1 {
    font-size: 1.6rem;
    line-height: 1.2;
  }
  h2 {
    font-size: 1.1rem;
  }
  h3 {
    font-size: 0.95rem;
  }
  p {
    margin: 0;
  }
  a {
    color: var(--accent);
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.86em;
    padding: 0.1em 0.35em;
    border-radius: 5px;
    background: var(--code-bg);
  }
  .muted {
    color: var(--muted);
  }
  .faint {
    color: var(--faint);
    font-size: 0.85rem;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    min-height: 36px;
    padding: 6px 14px;
    border: 1px solid var(--border-strong);
    border-radius: 10px;
    background: var(--surface);
    color: var(--text);
    font: inherit;
    font-size: 0.92rem;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
    white-space: nowrap;
    transition:
      background-color 120ms ease,
      border-color 120ms ease,
      color 120ms ease;
  }
  .button:hover:not(:disabled) {
    border-color: var(--accent);
    color: var(--accent);
  }
  .button.primary {
    border-color: transparent;
    background: var(--accent);
    color: var(--on-accent);
    box-shadow: var(--shadow);
  }
  .button.primary:hover:not(:disabled) {
    background: var(--accent-hover);
    color: var(--on-accent);
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
  .button:disabled {
    opacity: 0.6;
    cursor: default;
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
  :is(button, a, input, select, textarea, [tabindex]):focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
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
    width: 100%;
    min-height: 38px;
    padding: 7px 10px;
    border: 1px solid var(--border-strong);
    border-radius: 10px;
    background: var(--surface);
    color: var(--text);
    font: inherit;
    font-size: 0.95rem;
    font-weight: 400;
  }
  textarea {
    min-height: 90px;
    resize: vertical;
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
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.92rem;
  }
  th,
  td {
    padding: 9px 8px;
    border-bottom: 1px solid var(--border);
    text-align: left;
    vertical-align: middle;
  }
  th {
    color: var(--muted);
    font-size: 0.78rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
`;

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
