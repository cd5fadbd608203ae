// Styles of dialog.ts; `dialogFrame` also for pages' own <dialog>s (a sheet on a phone, say).
import { css } from "lit";

/** A modal <dialog>'s box and backdrop, in the theme's colours; its size is the user's. */
export const dialogFrame = css`
  dialog {
    padding: 0;
    border: 1px solid var(--border);
    border-radius: 16px;
    background: var(--surface);
    color: var(--text);
    box-shadow: var(--shadow-lg);
  }
  dialog::backdrop {
    background: rgb(15 23 42 / 0.55);
  }
`;

export const dialogStyles = css`
  ${dialogFrame}
  dialog {
    width: min(560px, calc(100vw - 24px));
    max-height: calc(100vh - 48px);
  }
  :host([wide]) dialog {
    width: min(760px, calc(100vw - 24px));
  }
  dialog[open] {
    display: flex;
    flex-direction: column;
  }
  header {
    display: flex;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
    padding: 18px 20px 0;
  }
  h2 {
    font-size: 1.15rem;
  }
  .close {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 36px;
    margin: -6px -8px 0 0;
    padding: 0;
    border: 0;
    border-radius: 8px;
    background: transparent;
    color: var(--muted);
    cursor: pointer;
  }
  .close:hover {
    background: var(--code-bg);
    color: var(--text);
  }
  .close svg {
    width: 20px;
    height: 20px;
  }
  .body {
    padding: 16px 20px 20px;
    overflow-y: auto;
  }
  footer {
    display: flex;
    flex-wrap: wrap-reverse;
    gap: 8px;
    justify-content: flex-end;
    padding: 0 20px 20px;
  }
  footer.empty {
    display: none;
  }
`;
