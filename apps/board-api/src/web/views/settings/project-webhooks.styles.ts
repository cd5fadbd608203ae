import { css } from "lit";

export const projectWebhooksStyles = css`
  p {
    margin: 0 0 10px;
  }
  .hooks {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  .hooks > li {
    border: 1px solid var(--border);
    border-radius: 10px;
    padding: 10px 12px;
    min-width: 0;
    overflow-x: auto;
  }
  .hook {
    display: grid;
    grid-template-columns: 1fr auto auto;
    gap: 10px;
    align-items: center;
  }
  .what {
    min-width: 0;
  }
  .hook > .chip {
    justify-self: start;
  }
  .url {
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: var(--faint);
    overflow-wrap: anywhere;
  }
  .log {
    margin-top: 10px;
    width: 100%;
  }
  .state.succeeded {
    color: var(--ok);
  }
  .state.failed {
    color: var(--bad);
  }
  .state.pending {
    color: var(--warn);
  }
  .why {
    color: var(--bad);
  }
  .new {
    margin-top: 14px;
  }
  .new .inline {
    display: grid;
    grid-template-columns: 2fr 1fr auto;
    gap: 8px;
    align-items: end;
  }
  .types {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
    gap: 4px 12px;
    margin-top: 8px;
    font-size: 0.88rem;
  }
  .types label {
    display: flex;
    gap: 6px;
    align-items: center;
  }
  .types input {
    width: auto;
  }
  summary {
    cursor: pointer;
    color: var(--muted);
  }
  .created {
    margin-top: 12px;
  }
  @media (max-width: 640px) {
    .hook,
    .new .inline {
      grid-template-columns: 1fr;
    }
    .wide {
      display: none;
    }
  }
`;
