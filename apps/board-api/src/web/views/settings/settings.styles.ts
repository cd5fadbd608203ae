// A project's settings: general, members and invitations, labels, priorities, danger zone.
import { css } from "lit";

export const settingsStyles = css`
  :host {
    max-width: 900px;
    margin: 0 auto;
  }
  .head {
    margin-bottom: 20px;
  }
  .panel {
    margin-bottom: 18px;
  }
  .panel > h2 {
    margin-bottom: 12px;
  }
  td select {
    width: auto;
    min-height: 32px;
    padding: 3px 8px;
  }
  .subhead {
    margin: 18px 0 4px;
  }
  .name small {
    display: block;
    color: var(--faint);
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .tags .chip {
    font-size: 0.85rem;
    padding: 3px 4px 3px 10px;
  }
  .tags button {
    border: 0;
    background: none;
    color: inherit;
    cursor: pointer;
    font: inherit;
  }
  @media (max-width: 640px) {
    .wide {
      display: none;
    }
  }
  ol.ladder {
    display: grid;
    gap: 4px;
    padding-left: 0;
    list-style: none;
  }
  ol.ladder > li {
    min-height: 36px;
    border-radius: 10px;
    background: var(--surface);
  }
  ol.ladder > li.placeholder {
    min-height: 36px;
  }
`;
