import { css } from "lit";

export const loginStyles = css`
  .box {
    display: grid;
    gap: 12px;
    padding: 20px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 4px);
    background: var(--_surface);
  }
  .title {
    margin: 0;
    font-size: 1.2em;
    font-weight: 700;
  }
  form {
    display: grid;
    gap: 8px;
  }
  label {
    font-weight: 600;
    font-size: 0.93em;
  }
  input {
    width: 100%;
    min-height: var(--_button-height);
    padding: 8px 12px;
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
  .or {
    display: flex;
    align-items: center;
    gap: 10px;
    color: var(--_muted);
    font-size: 0.87em;
  }
  .or::before,
  .or::after {
    content: "";
    flex: 1;
    border-top: 1px solid var(--_border);
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 8px;
  }
  .link {
    padding: 4px 2px;
    border: 0;
    background: none;
    color: var(--_primary);
    font: inherit;
    font-size: 0.93em;
    font-weight: 600;
    text-decoration: underline;
    text-underline-offset: 3px;
    cursor: pointer;
  }
  .link:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
    border-radius: 4px;
  }
  .error {
    margin: 0;
    color: var(--_danger);
    font-size: 0.93em;
  }
  .done {
    margin: 0;
    color: var(--_success);
    font-weight: 600;
  }
`;
