import { css } from "lit";

export const passkeysStyles = css`
  .card {
    display: grid;
    gap: 12px;
    padding: 16px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 4px);
    background: var(--_surface);
  }
  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  }
  h2 {
    margin: 0;
    font-size: 1.05em;
    font-weight: 650;
  }
  ul {
    display: grid;
    gap: 0;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    gap: 8px;
    padding: 12px 0;
    border-top: 1px solid var(--_border);
  }
  li:first-child {
    border-top: 0;
  }
  .row {
    display: flex;
    align-items: center;
    gap: 12px;
  }
  .row > .icon {
    color: var(--_muted);
  }
  .what {
    flex: 1;
    min-width: 0;
  }
  .name {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .meta {
    margin: 2px 0 0;
    color: var(--_muted);
    font-size: 0.88em;
  }
  .badge {
    display: inline-block;
    margin-inline-start: 6px;
    padding: 0 6px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 0.8em;
    font-weight: 600;
    color: var(--_muted);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .actions .button,
  .header .button {
    width: auto;
    min-height: 34px;
    padding: 0 12px;
    font-size: 0.9em;
  }
  .danger-button {
    background: var(--_surface);
    color: var(--_danger);
    border-color: var(--_border);
  }
  .danger-button:hover:not(:disabled) {
    border-color: var(--_danger);
  }
  .danger-button.solid {
    background: var(--_danger);
    color: #ffffff;
    border-color: transparent;
  }
  form,
  .confirm {
    display: grid;
    gap: 8px;
    padding: 10px 12px;
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_surface) 92%, var(--_text));
  }
  label {
    font-size: 0.88em;
    font-weight: 600;
  }
  input {
    min-height: 38px;
    padding: 6px 10px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
  }
  input:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 1px;
  }
  .confirm p {
    margin: 0;
  }
  .empty,
  .loading {
    margin: 0;
    color: var(--_muted);
  }
  @media (max-width: 420px) {
    .row {
      flex-wrap: wrap;
    }
  }
`;
