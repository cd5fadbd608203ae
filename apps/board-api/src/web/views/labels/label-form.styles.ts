// The label form (label-form.ts): colour, name and buttons on one line.
import { css } from "lit";

export const labelFormStyles = css`
  form.label-form {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
    width: 100%;
  }
  form.label-form .label-name {
    flex: 1 1 120px;
    min-width: 0;
    min-height: 32px;
    padding: 4px 8px;
  }
  form.label-form .label-color {
    flex: none;
    width: 34px;
    height: 32px;
    padding: 2px;
    border-radius: 8px;
    cursor: pointer;
  }
`;
