// The Lit base styles every app component starts from: `static styles = [themeBase, own]`. Colours come
// from palette.css's custom properties, which inherit into shadow DOM.
import { css } from "lit";

export const themeBase = css`
  :host {
    display: block;
    color: var(--text);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  [hidden] {
    display: none !important;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      transition: none !important;
    }
  }
  h1,
  h2,
  h3 {
    margin: 0;
    letter-spacing: -0.015em;
  }
  h1 {
    font-size: 1.6rem;
    line-height: 1.2;
  }
  p {
    margin: 0;
  }
  a {
    color: var(--accent);
  }
  code {
    padding: 0.1em 0.35em;
    border-radius: 5px;
    background: var(--code-bg);
    font-family: var(--mono);
    font-size: 0.86em;
  }
  :is(a, button, input, select, textarea, summary, [tabindex]):focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .muted {
    color: var(--muted);
  }
  .faint {
    color: var(--faint);
    font-size: 0.85rem;
  }

  /* Buttons: each app sets sizes and its secondary looks; primary is the accent. */
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    border: 1px solid transparent;
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    white-space: nowrap;
    cursor: pointer;
    transition:
      background-color 120ms ease,
      border-color 120ms ease,
      color 120ms ease;
  }
  .button.primary {
    border-color: transparent;
    background: var(--accent);
    color: var(--on-accent);
    box-shadow: var(--shadow);
  }
  .button.primary:hover:not(:disabled, [aria-disabled="true"]) {
    background: var(--accent-hover);
    color: var(--on-accent);
  }
  /* Busy buttons may be aria-disabled, not disabled: a disabled button would drop the focus. */
  .button:disabled,
  .button[aria-disabled="true"] {
    opacity: 0.6;
    cursor: default;
  }

  /* Form fields: each app sets their sizes. */
  input,
  select,
  textarea {
    width: 100%;
    min-width: 0;
    border: 1px solid var(--border-strong);
    background: var(--surface);
    color: var(--text);
    font: inherit;
  }
  textarea {
    resize: vertical;
  }

  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.92rem;
  }
  th,
  td {
    border-bottom: 1px solid var(--border);
    text-align: left;
    vertical-align: middle;
  }
  th {
    color: var(--muted);
    font-weight: 700;
    text-transform: uppercase;
  }
`;
