// The buttons of the kit's components and of the admin dashboard, on @org/web-theme's base
// (which sets .button's shape and .button.primary): sizes, secondary, danger, link buttons, the
// busy spinner.
import { css } from "lit";

export const buttonStyles = css`
  .button {
    gap: 8px;
    min-height: 40px;
    padding: 8px 16px;
    border-radius: var(--radius);
    line-height: 1.2;
  }
  .button.small {
    min-height: 32px;
    padding: 4px 12px;
    font-size: 0.86rem;
  }
  .secondary {
    border-color: var(--border-strong);
    background: var(--surface);
    color: var(--text);
  }
  .secondary:hover:not(:disabled, [aria-disabled="true"]) {
    border-color: var(--accent);
    color: var(--accent);
  }
  .danger {
    background: var(--bad);
    color: var(--on-bad);
  }
  .danger:hover:not(:disabled, [aria-disabled="true"]) {
    background: var(--bad-hover);
  }
  .danger-outline {
    border-color: var(--border-strong);
    background: var(--surface);
    color: var(--bad);
  }
  .danger-outline:hover:not(:disabled, [aria-disabled="true"]) {
    border-color: var(--bad);
  }
  .link-button {
    padding: 0;
    border: 0;
    background: none;
    color: var(--accent);
    font: inherit;
    font-weight: 600;
    text-align: left;
    cursor: pointer;
  }
  .link-button:hover {
    text-decoration: underline;
  }
  .spinner {
    width: 14px;
    height: 14px;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: spin 0.7s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
