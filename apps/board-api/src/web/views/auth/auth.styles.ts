// The sign-in and sign-up pages: one centred card.
import { css } from "lit";

export const authStyles = css`
  :host {
    display: grid;
    place-items: start center;
    padding-top: 6vh;
  }
  .card {
    width: min(100%, 420px);
    display: grid;
    gap: 18px;
  }
  .eyebrow {
    color: var(--accent);
    font-size: 0.78rem;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  form {
    display: grid;
    gap: 12px;
  }
  .switch {
    text-align: center;
    font-size: 0.92rem;
    color: var(--muted);
  }
  .handle {
    padding: 10px 12px;
    border-radius: 10px;
    background: var(--accent-soft);
    color: var(--text);
    font-size: 0.92rem;
  }
  .note {
    font-size: 0.82rem;
    color: var(--faint);
  }
  .hint {
    font-weight: 400;
    color: var(--faint);
  }
  .other {
    display: grid;
    gap: 10px;
    padding-top: 16px;
    border-top: 1px solid var(--border);
  }
  .other h2 {
    font-size: 0.95rem;
  }
  .other .row > * {
    flex: 1;
  }
  .no-passkey {
    padding: 10px 12px;
    border: 1px solid var(--border-strong);
    border-radius: 10px;
    color: var(--text);
    font-size: 0.92rem;
  }
`;
