import { css } from "lit";
import { themeBase } from "@org/web-theme/styles";
import { buttonStyles } from "@org/web-kit/buttons.styles";

/**
 * What every dashboard component shares, on top of @org/web-theme's base and the kit's buttons: cards, tables,
 * badges, form fields, alerts, empty and loading states. Colours come from the page's custom
 * properties (@org/web-theme/palette.css, imported by admin.css).
 */
const admin = css`
  /* Headings and the main region focused after a route change show no ring (focus is moved for screen readers). */
  [tabindex="-1"]:focus {
    outline: none;
  }
  h2 {
    font-size: 1.05rem;
  }
  .mono {
    font-family: var(--mono);
    font-size: 0.86em;
  }

  /* ---- view layout ---- */
  .view-header {
    display: flex;
    flex-wrap: wrap;
    gap: 16px;
    align-items: flex-end;
    justify-content: space-between;
    margin-bottom: 24px;
  }
  .view-header .subtitle {
    margin-top: 6px;
    max-width: 640px;
    color: var(--muted);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .card {
    overflow: hidden; /* the table header's background stays inside the rounded corners */
    border: 1px solid var(--border);
    border-radius: 14px;
    background: var(--surface);
    box-shadow: var(--shadow);
  }
  .card + .card {
    margin-top: 20px;
  }
  .card-header {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
    padding: 16px 20px;
    border-bottom: 1px solid var(--border);
  }
  .card-body {
    padding: 20px;
  }
  .card-footer {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
    padding: 12px 20px;
    border-top: 1px solid var(--border);
    color: var(--muted);
    font-size: 0.88rem;
  }

  /* ---- tables ---- */
  .table-wrap {
    overflow-x: auto;
  }
  caption {
    padding: 0;
    text-align: left;
  }
  th {
    padding: 10px 16px;
    background: var(--surface-2);
    font-size: 0.75rem;
    letter-spacing: 0.05em;
    white-space: nowrap;
  }
  td {
    padding: 12px 16px;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  tbody tr:hover td {
    background: var(--surface-2);
  }
  td.actions-cell {
    text-align: right;
    white-space: nowrap;
  }
  td.actions-cell .button + .button {
    margin-left: 6px;
  }
  .primary-text {
    font-weight: 600;
  }
  .secondary-text {
    display: block;
    margin-top: 2px;
    color: var(--faint);
    font-family: var(--mono);
    font-size: 0.8rem;
    word-break: break-all;
  }
  .nowrap {
    white-space: nowrap;
  }

  /* ---- badges ---- */
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 2px 10px;
    border-radius: 999px;
    background: var(--code-bg);
    color: var(--muted);
    font-size: 0.78rem;
    font-weight: 600;
    white-space: nowrap;
  }
  .badge::before {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: currentColor;
    content: "";
  }
  .badge.ok {
    background: var(--ok-soft);
    color: var(--ok);
  }
  .badge.bad {
    background: var(--bad-soft);
    color: var(--bad);
  }
  .badge.accent {
    background: var(--accent-soft);
    color: var(--accent);
  }
  .badge.plain::before {
    display: none;
  }

  /* ---- forms ---- */
  form {
    margin: 0;
  }
  .field {
    display: grid;
    gap: 6px;
    margin-bottom: 16px;
  }
  .field label {
    font-weight: 600;
    font-size: 0.92rem;
  }
  .field .hint {
    color: var(--faint);
    font-size: 0.84rem;
  }
  input,
  select,
  textarea {
    min-height: 40px;
    padding: 8px 12px;
    border-radius: 8px;
  }
  textarea {
    min-height: 88px;
    font-family: var(--mono);
    font-size: 0.88rem;
  }
  input,
  select {
    height: 40px;
  }
  input:focus,
  select:focus,
  textarea:focus {
    border-color: var(--accent);
  }
  input[aria-invalid="true"],
  textarea[aria-invalid="true"] {
    border-color: var(--bad);
  }

  /* ---- a dialog's one-time result (a new key, an invite link) ---- */
  .created {
    display: grid;
    gap: 16px;
  }
  .success-line {
    color: var(--ok);
    font-weight: 600;
  }
  form .alert {
    margin-bottom: 16px;
  }

  /* ---- alerts, empty and loading states ---- */
  .alert {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: center;
    justify-content: space-between;
    padding: 12px 14px;
    border: 1px solid var(--bad);
    border-radius: var(--radius);
    background: var(--bad-soft);
    color: var(--bad);
    font-size: 0.92rem;
  }
  .alert.warning {
    border-color: var(--warn);
    background: var(--warn-soft);
    color: var(--warn);
  }
  .alert.info {
    border-color: var(--border);
    background: var(--accent-soft);
    color: inherit;
  }
  .card-body > .alert,
  .state > .alert {
    margin: 0;
  }
  .state {
    padding: 20px;
  }
  .empty {
    display: grid;
    justify-items: center;
    gap: 8px;
    padding: 48px 24px;
    text-align: center;
  }
  .empty svg {
    width: 40px;
    height: 40px;
    color: var(--faint);
  }
  .empty h3 {
    font-size: 1rem;
  }
  .empty p {
    max-width: 420px;
    color: var(--muted);
  }
  .empty .button {
    margin-top: 8px;
  }
  .skeleton td span {
    display: block;
    height: 12px;
    border-radius: 6px;
    background: var(--code-bg);
    animation: pulse 1.2s ease-in-out infinite;
  }
  @keyframes pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner,
    .skeleton td span {
      animation: none;
    }
  }

  .hide-wide {
    display: none;
  }
  @media (max-width: 640px) {
    .hide-narrow {
      display: none;
    }
    .hide-wide {
      display: block;
    }
    th,
    td {
      padding-left: 12px;
      padding-right: 12px;
    }
    .card-header,
    .card-body {
      padding-left: 16px;
      padding-right: 16px;
    }
    h1 {
      font-size: 1.35rem;
    }
    .view-header {
      margin-bottom: 18px;
    }
  }
`;

export const shared = [themeBase, buttonStyles, admin];
