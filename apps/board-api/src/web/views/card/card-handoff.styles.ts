import { css } from "lit";

/** The handoff form: the card panel's details column is narrow, so its fields stack. */
export const cardHandoffStyles = css`
  :host {
    display: contents;
  }
  .handoff {
    flex-basis: 100%;
    padding: 12px;
    border: 1px solid var(--border);
    border-radius: 10px;
    background: var(--surface-2);
  }
  .field {
    display: grid;
    gap: 4px;
  }
  .handoff p {
    margin: 0;
  }
`;
