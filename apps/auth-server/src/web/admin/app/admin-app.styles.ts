// Styles of admin-app.ts.
import { css } from "lit";

export const adminAppStyles = css`
  :host {
    min-height: 100vh;
  }
  .skip {
    position: absolute;
    top: 8px;
    left: 8px;
    z-index: 20;
    padding: 8px 14px;
    border: 0;
    border-radius: 8px;
    background: var(--accent);
    color: var(--on-accent);
    font: inherit;
    font-weight: 600;
    transform: translateY(-200%);
  }
  .skip:focus {
    transform: none;
  }
  .topbar {
    position: sticky;
    top: 0;
    z-index: 10;
    border-bottom: 1px solid var(--border);
    background: var(--surface);
  }
  .topbar-inner {
    display: flex;
    gap: 24px;
    align-items: center;
    max-width: 1200px;
    min-height: 64px;
    margin: 0 auto;
    padding: 0 24px;
  }
  .brand {
    display: flex;
    flex-shrink: 0;
    gap: 10px;
    align-items: center;
    color: var(--text);
    font-weight: 700;
    text-decoration: none;
    letter-spacing: -0.01em;
  }
  .brand svg {
    width: 28px;
    height: 28px;
    color: var(--accent);
  }
  .brand-tag {
    padding: 2px 8px;
    border-radius: 999px;
    background: var(--accent-soft);
    color: var(--accent);
    font-size: 0.7rem;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  nav {
    display: flex;
    flex: 1;
    gap: 4px;
    align-self: stretch;
  }
  nav a {
    display: flex;
    align-items: center;
    padding: 0 12px;
    border-bottom: 2px solid transparent;
    color: var(--muted);
    font-weight: 600;
    text-decoration: none;
    white-space: nowrap;
  }
  nav a:hover {
    color: var(--text);
  }
  nav a[aria-current="page"] {
    border-bottom-color: var(--accent);
    color: var(--text);
  }
  nav a:focus-visible {
    outline-offset: -3px;
  }
  .account {
    display: flex;
    flex-shrink: 0;
    gap: 12px;
    align-items: center;
  }
  .who {
    display: grid;
    text-align: right;
    line-height: 1.25;
  }
  .who span:last-child {
    color: var(--faint);
    font-size: 0.82rem;
  }
  main {
    max-width: 1200px;
    margin: 0 auto;
    padding: 32px 24px 64px;
  }
  main:focus {
    outline: none;
  }
  .toast {
    position: fixed;
    right: 20px;
    bottom: 20px;
    z-index: 30;
    max-width: min(420px, calc(100vw - 40px));
    padding: 12px 16px;
    border: 1px solid var(--ok);
    border-radius: var(--radius);
    background: var(--surface);
    box-shadow: var(--shadow-lg);
    color: var(--text);
    font-weight: 600;
  }
  .toast:empty {
    display: none;
  }
  @media (max-width: 760px) {
    .topbar-inner {
      flex-wrap: wrap;
      gap: 0 12px;
      padding: 0 12px;
      min-height: 0;
    }
    .brand {
      flex: 1;
      min-height: 56px;
    }
    .who {
      display: none;
    }
    nav {
      order: 3;
      flex-basis: 100%;
      margin: 0 -12px;
      padding: 0 4px;
      overflow-x: auto;
      border-top: 1px solid var(--border);
    }
    nav a {
      min-height: 44px;
    }
    main {
      padding: 20px 12px 48px;
    }
  }
`;
