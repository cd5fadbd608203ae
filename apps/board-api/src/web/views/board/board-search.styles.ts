// The board's search box and filter selects: one wrapping row under the board's head.
import { css } from "lit";

export const searchStyles = css`
  form.search {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    padding: 0 24px 12px;
  }
  form.search input[type="search"] {
    flex: 1 1 220px;
    max-width: 360px;
    min-width: 0;
  }
  form.search select {
    flex: 0 1 auto;
    width: auto;
    min-width: 0;
    max-width: 170px;
    min-height: 34px;
    padding: 5px 8px;
    font-size: 0.88rem;
  }
  form.search select.on {
    border-color: var(--accent);
    color: var(--accent);
    font-weight: 600;
  }
  .search-status {
    font-size: 0.88rem;
  }
  @media (max-width: 600px) {
    form.search {
      padding: 0 14px 10px;
    }
    form.search input[type="search"] {
      flex-basis: 100%;
      max-width: none;
    }
    form.search select {
      flex: 1 1 calc(50% - 8px);
      max-width: none;
    }
  }
`;
