// The app shell: a sticky header (brand, navigation with badges, account) over the route's view.
import { css } from "lit";

export const boardAppStyles = css`
  header {
    position: sticky;
    top: 0;
    z-index: 20;
    display: flex;
    gap: 12px;
    align-items: center;
    height: 56px;
    padding: 0 20px;
    border-bottom: 1px solid var(--border);
    background: color-mix(in srgb, var(--surface) 92%, transparent);
    backdrop-filter: blur(8px);
  }
  .brand {
    display: inline-flex;
    gap: 8px;
    align-items: center;
    color: var(--text);
    font-weight: 800;
    font-size: 1.05rem;
    letter-spacing: -0.02em;
    text-decoration: none;
  }
  .logo {
    display: inline-grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border-radius: 8px;
    background: var(--accent);
    color: var(--on-accent);
    font-size: 0.9rem;
  }
  nav {
    display: flex;
    gap: 4px;
    margin-left: 8px;
  }
  nav a {
    position: relative;
    display: inline-flex;
    align-items: center;
    padding: 6px 10px;
    border-radius: 8px;
    color: var(--muted);
    font-weight: 600;
    font-size: 0.92rem;
    text-decoration: none;
    white-space: nowrap;
  }
  nav a:hover,
  nav a[aria-current="page"] {
    background: var(--code-bg);
    color: var(--text);
  }
  .badge {
    display: inline-grid;
    place-items: center;
    min-width: 18px;
    height: 18px;
    margin-left: 6px;
    padding: 0 5px;
    border-radius: 999px;
    background: var(--accent);
    color: var(--on-accent);
    font-size: 0.7rem;
    font-weight: 800;
  }
  .spacer {
    flex: 1;
  }
  .me {
    display: inline-flex;
    gap: 8px;
    align-items: center;
    color: var(--muted);
    font-size: 0.88rem;
    text-decoration: none;
  }
  main {
    padding: 28px 24px 64px;
  }
  .loading {
    padding: 80px 0;
    color: var(--muted);
    text-align: center;
  }
  .not-found {
    display: grid;
    gap: 12px;
    justify-items: center;
    max-width: 480px;
    margin: 10vh auto 0;
    text-align: center;
  }
  @media (max-width: 640px) {
    header {
      gap: 6px;
      padding: 0 10px;
    }
    header.signed-in .brand span:last-child,
    .me span:not(.avatar) {
      display: none;
    }
    nav {
      margin-left: 0;
    }
    nav {
      gap: 0;
    }
    nav a {
      padding: 6px 7px;
      font-size: 0.9rem;
    }
    main {
      padding: 18px 12px 48px;
    }
  }
`;
