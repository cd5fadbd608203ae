// The agent section of the card panel (claim, plan, entry gate, findings).
import { css } from "lit";

export const cardAgentStyles = css`
  .claim {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    justify-content: space-between;
    padding: 10px 12px;
    border-radius: 10px;
    background: var(--surface);
    border: 1px solid var(--border);
  }
  ol.steps {
    margin: 4px 0 0;
    padding-left: 20px;
  }
  .gate li,
  .findings li {
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  .findings li {
    flex-direction: column;
    gap: 2px;
    padding: 8px 10px;
    border-radius: 10px;
    background: var(--surface);
  }
  .severity-high,
  .severity-critical {
    color: var(--bad);
  }
  /* The agent section sits in the narrow details column: kind and severity side by side, then the rest. */
  form.finding {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 6px;
  }
  form.finding input,
  form.finding button {
    grid-column: 1 / -1;
  }
  :host {
    display: grid;
    gap: 12px;
    padding: 10px 0 6px;
  }
`;
