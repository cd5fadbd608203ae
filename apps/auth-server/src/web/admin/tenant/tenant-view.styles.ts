// Styles of tenant-view.ts and tenant-users.ts.
import { css } from "lit";

export const tenantViewStyles = css`
  .breadcrumb {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-bottom: 12px;
    color: var(--faint);
    font-size: 0.9rem;
  }
  .breadcrumb a {
    color: var(--muted);
    text-decoration: none;
  }
  .breadcrumb a:hover {
    color: var(--accent);
    text-decoration: underline;
  }
  .title-row {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
  }
  .details {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
    gap: 20px 32px;
    margin: 0;
    padding: 20px;
  }
  dt {
    margin-bottom: 4px;
    color: var(--faint);
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.05em;
    text-transform: uppercase;
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
  dd ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .search {
    position: relative;
    flex: 1;
    max-width: 400px;
    min-width: 200px;
  }
  .search svg {
    position: absolute;
    top: 50%;
    left: 10px;
    width: 18px;
    height: 18px;
    color: var(--faint);
    transform: translateY(-50%);
    pointer-events: none;
  }
  .search input {
    padding-left: 36px;
  }
  .placeholder {
    height: 28px;
    width: 220px;
    border-radius: 8px;
    background: var(--code-bg);
  }
  @media (max-width: 640px) {
    .search {
      flex-basis: 100%;
      max-width: none;
    }
    td.actions-cell .button {
      display: flex;
      width: 100%;
    }
    td.actions-cell .button + .button {
      margin: 6px 0 0;
    }
  }
`;

/** tenant-users.ts: a card below the tenant's details (it also uses tenantViewStyles). */
export const tenantUsersStyles = css`
  :host {
    display: block;
    margin-top: 20px;
  }
`;
