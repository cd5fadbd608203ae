// The projects page: a grid of project tiles, the invitations to you, the new-project form.
import { css } from "lit";

export const projectsStyles = css`
  :host {
    display: block;
    max-width: 1040px;
    margin: 0 auto;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: flex-end;
    justify-content: space-between;
    margin-bottom: 22px;
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
    gap: 14px;
  }
  a.project {
    display: grid;
    gap: 6px;
    padding: 18px;
    border: 1px solid var(--border);
    border-radius: 14px;
    background: var(--surface);
    color: var(--text);
    text-decoration: none;
    box-shadow: 0 1px 2px rgb(16 24 40 / 0.04);
    transition:
      border-color 120ms ease,
      transform 120ms ease;
  }
  a.project:hover {
    border-color: var(--accent);
    transform: translateY(-1px);
  }
  a.project h2 {
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
  board-invitations,
  board-new-project {
    display: block;
    margin-bottom: 22px;
  }
`;

export const invitationsStyles = css`
  .invitation {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
    align-items: center;
    justify-content: space-between;
    padding: 12px 0;
    border-bottom: 1px solid var(--border);
  }
  .invitation:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }
  .invitation p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  h2 {
    margin-bottom: 4px;
  }
  .unverified {
    margin: 0 0 16px;
    padding: 10px 14px;
    border: 1px solid var(--border);
    border-radius: 8px;
    background: var(--surface);
    color: var(--muted);
    overflow-wrap: anywhere;
  }
  .unverified a {
    color: var(--accent);
  }
`;

export const newProjectStyles = css`
  form {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 12px 14px;
    align-items: end;
  }
  /* Only there to disable the fields once the project exists; its fields sit in the form's grid. */
  fieldset.fields {
    display: contents;
  }
  .wide {
    grid-column: 1 / -1;
  }
  .check {
    display: flex;
    gap: 8px;
    align-items: center;
    font-size: 0.92rem;
  }
  .ladder {
    display: inline-flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  @media (max-width: 640px) {
    form {
      grid-template-columns: 1fr;
    }
  }
`;
