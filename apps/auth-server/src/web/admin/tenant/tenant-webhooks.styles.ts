// Styles of tenant-webhooks.ts and webhook-deliveries.ts.
import { css } from "lit";

/** What both show: an endpoint's URL, a line of detail under a cell's value, the narrow layout's actions. */
const common = css`
  .mono.url {
    word-break: break-all;
  }
  .meta {
    display: block;
    margin-top: 2px;
    color: var(--faint);
    font-size: 0.84rem;
  }
  @media (max-width: 640px) {
    td.actions-cell .button {
      display: flex;
      width: 100%;
    }
    td.actions-cell .button + .button {
      margin: 6px 0 0;
    }
  }
`;

export const tenantWebhooksStyles = [
  common,
  css`
    :host {
      display: block;
      margin-top: 20px;
    }
    .card-header .intro {
      margin-top: 4px;
      max-width: 640px;
      color: var(--muted);
      font-size: 0.9rem;
    }
    td.endpoint {
      min-width: 200px;
    }
    td.endpoint .hide-wide {
      margin-top: 6px;
    }
    @media (max-width: 640px) {
      td.endpoint {
        min-width: 0;
      }
    }
    .events {
      display: flex;
      flex-wrap: wrap;
      gap: 4px;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .events li {
      padding: 1px 8px;
      border-radius: 999px;
      background: var(--code-bg);
      white-space: nowrap;
    }
    /* The "Add endpoint" form's event checkboxes: two columns where they fit. */
    fieldset.field {
      min-width: 0;
      margin: 0 0 16px;
      padding: 0;
      border: 0;
    }
    legend {
      margin-bottom: 6px;
      padding: 0;
      font-weight: 600;
      font-size: 0.92rem;
    }
    .checks {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(210px, 1fr));
      gap: 8px 16px;
    }
    .checks .check {
      display: flex;
      font-weight: 400; /* not a field's label: the legend names the group */
      gap: 10px;
      align-items: flex-start;
      cursor: pointer;
    }
    .check input {
      flex: none;
      width: 18px;
      height: 18px;
      min-height: 0;
      margin: 2px 0 0;
      padding: 0;
      accent-color: var(--accent);
    }
    .created .url {
      margin: 0;
      color: var(--muted);
    }
  `,
];

export const webhookDeliveriesStyles = [
  common,
  css`
    .toolbar {
      display: flex;
      gap: 16px;
      align-items: flex-start;
      justify-content: space-between;
      margin-bottom: 12px;
    }
    .toolbar .hint {
      max-width: 560px;
      color: var(--muted);
      font-size: 0.88rem;
    }
    .table-wrap {
      border: 1px solid var(--border);
      border-radius: var(--radius);
    }
    .card-footer {
      border-top: 0;
      padding: 12px 0 0;
    }
    .response.ok {
      color: var(--ok);
      font-weight: 600;
    }
    .response.bad {
      color: var(--bad);
      font-weight: 600;
    }
    .event {
      white-space: nowrap;
    }
    .toolbar .url {
      margin-bottom: 4px;
      font-weight: 600;
    }
    /* A phone: each delivery a block of lines (event and time, status, last answer, Replay). */
    @media (max-width: 640px) {
      .toolbar {
        flex-direction: column;
      }
      thead {
        display: none;
      }
      table,
      tbody,
      tr {
        display: block;
      }
      tr {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 6px 12px;
        align-items: center;
        padding: 12px;
        border-bottom: 1px solid var(--border);
      }
      tbody tr:last-child {
        border-bottom: 0;
      }
      tbody tr:hover td {
        background: none;
      }
      td {
        padding: 0;
        border: 0;
      }
      td.response-cell {
        grid-column: 1;
      }
      td.actions-cell {
        grid-column: 2;
        grid-row: 1 / span 3;
      }
    }
  `,
];
