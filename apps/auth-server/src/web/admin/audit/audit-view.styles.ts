// Styles of audit-view.ts.
import { css } from "lit";

export const auditViewStyles = css`
  .filters {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 12px 16px;
    align-items: end;
    padding: 16px 20px;
    border-bottom: 1px solid var(--border);
  }
  .filters .field {
    margin: 0;
  }
  .filters .actions {
    flex-wrap: nowrap;
    justify-self: start;
  }
  .filters .alert {
    grid-column: 1 / -1;
  }
  .event time {
    display: block;
    margin-top: 4px;
    color: var(--faint);
    font-size: 0.82rem;
    white-space: nowrap;
  }
  .detail {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 10px;
    color: var(--muted);
    font-size: 0.82rem;
  }
  .detail span span {
    color: var(--faint);
  }
  .none {
    color: var(--faint);
  }
  td.who {
    white-space: nowrap;
  }
  @media (max-width: 1000px) {
    .filters {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .filters .actions {
      grid-column: 1 / -1;
    }
  }
  @media (max-width: 520px) {
    .filters {
      grid-template-columns: 1fr;
      padding: 16px;
    }
  }
`;
