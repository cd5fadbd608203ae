import { css } from "lit";

/**
 * What every dashboard component shares: buttons, cards, tables, badges, form fields, alerts,
 * empty and loading states. Colours come from the page's custom properties (admin.css), which
 * follow prefers-color-scheme.
 */
export const shared = css`
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
  h1,
  h2,
  h3 {
    margin: 0;
    letter-spacing: -0.015em;
  }
  h1 {
    font-size: 1.6rem;
    line-height: 1.2;
  }
  h1:focus {
    outline: none;
  }
  h2 {
    font-size: 1.05rem;
  }
  p {
    margin: 0;
  }
  a {
    color: var(--accent);
  }
  code,
  .mono {
    font-family: var(--mono);
    font-size: 0.86em;
  }
  code {
    padding: 0.1em 0.35em;
    border-radius: 5px;
    background: var(--code-bg);
  }
  a:focus-visible,
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  [tabindex]:not([tabindex="-1"]):focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .muted {
    color: var(--muted);
  }
  .subtle {
    color: var(--subtle);
    font-size: 0.85rem;
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

  /* ---- buttons ---- */
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    min-height: 40px;
    padding: 8px 16px;
    border: 1px solid transparent;
    border-radius: var(--radius);
    font: inherit;
    font-weight: 600;
    line-height: 1.2;
    white-space: nowrap;
    text-decoration: none;
    cursor: pointer;
    transition:
      background-color 120ms ease,
      border-color 120ms ease,
      color 120ms ease;
  }
  /* Busy buttons are aria-disabled, not disabled: a disabled button would drop the focus. */
  .button:disabled,
  .button[aria-disabled="true"] {
    cursor: default;
    opacity: 0.65;
  }
  .button.small {
    min-height: 32px;
    padding: 4px 12px;
    font-size: 0.86rem;
  }
  .primary {
    background: var(--primary);
    color: var(--on-primary);
    box-shadow: var(--shadow);
  }
  .primary:hover:not(:disabled, [aria-disabled="true"]) {
    background: var(--primary-hover);
  }
  .secondary {
    border-color: var(--border-strong);
    background: var(--surface);
    color: var(--text);
  }
  .secondary:hover:not(:disabled, [aria-disabled="true"]) {
    border-color: var(--primary);
    color: var(--accent);
  }
  .danger {
    background: var(--bad);
    color: #fff;
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

  /* ---- tables ---- */
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.92rem;
  }
  caption {
    padding: 0;
    text-align: left;
  }
  th {
    padding: 10px 16px;
    border-bottom: 1px solid var(--border);
    background: var(--surface-2);
    color: var(--muted);
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.05em;
    text-align: left;
    text-transform: uppercase;
    white-space: nowrap;
  }
  td {
    padding: 12px 16px;
    border-bottom: 1px solid var(--border);
    vertical-align: middle;
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
    color: var(--subtle);
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
    color: var(--subtle);
    font-size: 0.84rem;
  }
  input,
  select,
  textarea {
    width: 100%;
    min-width: 0;
    min-height: 40px;
    padding: 8px 12px;
    border: 1px solid var(--border-strong);
    border-radius: 8px;
    background: var(--surface);
    color: var(--text);
    font: inherit;
  }
  textarea {
    min-height: 88px;
    resize: vertical;
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
    border-color: var(--primary);
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
    color: var(--subtle);
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
