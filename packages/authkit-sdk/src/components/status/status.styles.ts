import { css } from "lit";

export const statusStyles = css`
  .status {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 0;
    font-size: 0.93em;
    color: var(--_muted);
  }
  .status:empty {
    display: none;
  }
  .status .icon {
    width: 18px;
    height: 18px;
  }
  :host([status="success"]) .status {
    color: var(--_success);
  }
  :host([status="notice"]) .status {
    color: var(--_warning);
  }
  :host([status="error"]) .status {
    color: var(--_danger);
  }
  .spinner {
    width: 16px;
    height: 16px;
  }
`;
