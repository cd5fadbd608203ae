// The consent page: one centred card, readable at 375 px.
import { css } from "lit";

export const consentStyles = css`
  :host {
    display: grid;
    place-items: start center;
    padding-top: 4vh;
  }
  .card {
    width: min(100%, 480px);
    display: grid;
    gap: 16px;
  }
  .who {
    display: flex;
    gap: 12px;
    align-items: center;
  }
  .logo {
    flex: none;
    width: 48px;
    height: 48px;
    border-radius: 12px;
    object-fit: cover;
  }
  .placeholder {
    display: grid;
    place-items: center;
    background: var(--accent-soft);
    color: var(--accent);
    font-weight: 700;
    font-size: 1.3rem;
  }
  h1 {
    font-size: 1.2rem;
    overflow-wrap: anywhere;
  }
  .eyebrow {
    color: var(--accent);
    font-size: 0.78rem;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  .facts {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 6px 12px;
    margin: 0;
    font-size: 0.92rem;
  }
  .facts dt {
    color: var(--muted);
  }
  .facts dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .flag {
    display: inline-block;
    margin-top: 4px;
    padding: 2px 8px;
    border: 1px solid var(--bad);
    border-radius: 8px;
    color: var(--bad);
    font-size: 0.82rem;
  }
  .scopes,
  .projects {
    margin: 6px 0 0;
    padding-left: 20px;
  }
  .projects {
    list-style: none;
    padding-left: 24px;
  }
  fieldset {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 10px 12px;
    border: 1px solid var(--border);
    border-radius: 10px;
  }
  legend {
    padding: 0 4px;
    font-weight: 600;
  }
  .choice {
    overflow-wrap: anywhere;
    display: flex;
    gap: 8px;
    align-items: center;
    min-height: 32px;
  }
  .choice input {
    flex: none;
    width: 18px;
    height: 18px;
    min-height: 18px;
    margin: 0;
    padding: 0;
    accent-color: var(--accent);
  }
  .actions {
    justify-content: flex-end;
  }
  .actions .button {
    min-width: 96px;
  }
  .note {
    font-size: 0.82rem;
    color: var(--faint);
  }
  @media (max-width: 420px) {
    .facts {
      grid-template-columns: 1fr;
    }
    .actions .button {
      flex: 1;
    }
  }
`;
