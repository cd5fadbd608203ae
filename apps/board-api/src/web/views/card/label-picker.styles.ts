// The card's label picker (label-picker.ts): a panel of checkboxes under its button.
import { css } from "lit";

export const labelPickerStyles = css`
  :host {
    display: block;
    width: 100%;
  }
  .picker {
    display: grid;
    gap: 8px;
    margin-top: 6px;
    padding: 8px;
    border: 1px solid var(--border);
    border-radius: 10px;
    background: var(--surface-2);
  }
  ul {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
  }
  .pick {
    display: flex;
    flex: 1;
    align-items: center;
    gap: 8px;
    min-width: 0;
    cursor: pointer;
  }
  .pick input {
    width: auto;
    min-height: 0;
    margin: 0;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .new {
    justify-self: start;
  }
`;
