// Styles of ui/connection-banner.ts: a pill at the top centre, above the page, out of the way.
import { css } from "lit";

export const connectionBannerStyles = css`
  :host {
    position: fixed;
    top: 10px;
    left: 50%;
    z-index: 60;
    transform: translateX(-50%);
    pointer-events: none;
  }
  .banner {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0;
    padding: 6px 14px;
    border: 1px solid var(--border);
    border-radius: 999px;
    background: var(--surface);
    color: var(--muted);
    box-shadow: var(--shadow-lg);
    font-size: 0.85rem;
    font-weight: 600;
  }
  .spinner {
    width: 10px;
    height: 10px;
    border: 2px solid var(--border);
    border-top-color: var(--accent);
    border-radius: 50%;
    animation: spin 0.9s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }
`;
