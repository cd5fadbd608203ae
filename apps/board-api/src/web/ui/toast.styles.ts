// Styles of ui/toast.ts.
import { css } from "lit";

export const toastStyles = css`
  :host {
    position: fixed;
    left: 50%;
    bottom: 20px;
    z-index: 50;
    transform: translateX(-50%);
    width: min(92vw, 460px);
    pointer-events: none;
  }
  .toast {
    margin-top: 8px;
    padding: 10px 14px;
    border-radius: 12px;
    background: var(--text);
    color: var(--bg);
    box-shadow: var(--shadow-lg);
    font-size: 0.92rem;
    pointer-events: auto;
  }
  .toast {
    display: flex;
    align-items: center;
    gap: 12px;
  }
  .toast span {
    flex: 1;
  }
  .toast-action {
    border: 0;
    border-radius: 8px;
    padding: 4px 10px;
    background: transparent;
    color: inherit;
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
  .toast-action:hover,
  .toast-action:focus-visible {
    background: color-mix(in srgb, currentColor 15%, transparent);
  }
  .toast.error {
    background: var(--bad);
    color: var(--on-bad);
  }
`;
