// The card panel: a side sheet (full screen on a phone). Wide enough, it has two columns — what
// people read and write (description, discussion, checklist, files, activity) and the card's
// details beside them; narrower, one column in reading order: title, description, discussion,
// then the details and the rest.
import { css } from "lit";

export const cardPanelStyles = css`
  .backdrop {
    position: fixed;
    inset: 0;
    z-index: 30;
    background: rgb(10 10 20 / 0.35);
  }
  aside {
    position: fixed;
    top: 0;
    right: 0;
    bottom: 0;
    z-index: 31;
    width: min(100vw, 960px);
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: 18px 22px 40px;
    border-left: 1px solid var(--border);
    background: var(--surface);
    box-shadow: var(--shadow-lg);
    container-type: inline-size;
  }
  .layout {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 270px;
    grid-template-rows: repeat(6, auto) 1fr;
    grid-template-areas:
      "head head"
      "desc side"
      "talk side"
      "check side"
      "files side"
      "activity side"
      ". side";
    column-gap: 28px;
  }
  .head {
    grid-area: head;
  }
  .desc {
    grid-area: desc;
  }
  .talk {
    grid-area: talk;
  }
  .check {
    grid-area: check;
  }
  .files {
    grid-area: files;
  }
  .activity {
    grid-area: activity;
  }
  .side {
    grid-area: side;
    align-self: start;
    display: grid;
    gap: 14px;
    padding-top: 16px;
  }
  @container (max-width: 720px) {
    .layout {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: none;
      grid-template-areas: "head" "desc" "talk" "side" "check" "files" "activity";
    }
    .side {
      padding-top: 16px;
      border-top: 1px solid var(--border);
    }
  }
  .top {
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  .number {
    flex: none;
    padding-top: 9px;
    color: var(--faint);
    font-weight: 700;
  }
  textarea.title {
    flex: 1;
    min-width: 0;
    min-height: 42px;
    padding: 5px 8px;
    border-color: transparent;
    background: transparent;
    font-size: 1.25rem;
    font-weight: 700;
    line-height: 1.35;
    resize: none;
    overflow: hidden;
    field-sizing: content;
    overflow-wrap: anywhere;
  }
  textarea.title:hover,
  textarea.title:focus {
    border-color: var(--border-strong);
  }
  .close {
    flex: none;
  }
  .meta-line {
    margin: 2px 0 0;
    padding-left: 2px;
  }
  /* The card's column and "Move to…" beside it. */
  .where {
    display: flex;
    flex-wrap: wrap;
    gap: 6px 10px;
    align-items: center;
    justify-content: space-between;
  }
  .body {
    padding: 10px 12px;
    border: 1px solid var(--border);
    border-radius: 10px;
    background: var(--surface-2);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    padding-top: 14px;
    border-top: 1px solid var(--border);
  }
  @media (max-width: 640px) {
    aside {
      padding: 12px 14px 40px;
      border-left: 0;
    }
  }
`;

/** The details beside the discussion: fields stacked, labels, the agent's one-line summary. */
export const cardSideStyles = css`
  .fields {
    display: grid;
    gap: 10px;
  }
  @container (max-width: 720px) {
    .fields {
      grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
    }
  }
  .labels {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
  }
  .labels .chip button {
    padding: 0 0 0 2px;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  details.agent {
    border: 1px solid var(--border);
    border-radius: 10px;
    background: var(--surface-2);
  }
  details.agent > summary {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 6px;
    align-items: center;
    padding: 9px 12px;
    color: var(--muted);
    font-size: 0.85rem;
    cursor: pointer;
  }
  details.agent > summary strong {
    color: var(--text);
  }
  details.agent[open] > summary {
    border-bottom: 1px solid var(--border);
  }
  details.agent > board-card-agent {
    display: block;
    padding: 0 12px 6px;
  }
`;

/** Checklist and attachments. */
export const cardPartsStyles = css`
  .checklist li {
    display: flex;
    gap: 8px;
    align-items: center;
  }
  .checklist li.done span {
    color: var(--faint);
    text-decoration: line-through;
  }
  .checklist li span {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .progress {
    height: 6px;
    border-radius: 999px;
    background: var(--code-bg);
    overflow: hidden;
  }
  .progress div {
    height: 100%;
    background: var(--accent);
  }
  input.grow {
    flex: 1;
    width: auto;
    min-width: 0;
  }
  .start {
    justify-self: start;
  }
  .file-list li {
    display: flex;
    gap: 8px;
    align-items: center;
    justify-content: space-between;
  }
  .file-list a {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
