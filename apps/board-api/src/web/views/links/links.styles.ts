import { css } from "lit";

export const linkViewStyles = css`
  :host {
    display: block;
    max-width: 560px;
    margin: 40px auto;
  }
  .panel h1 {
    margin-bottom: 12px;
  }
  .row {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
    margin-top: 16px;
  }
`;
