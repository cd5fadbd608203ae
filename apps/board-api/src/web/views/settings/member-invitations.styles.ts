import { css } from "lit";

export const memberInvitationsStyles = css`
  form.inline {
    display: grid;
    grid-template-columns: 1fr auto auto;
    gap: 8px;
    align-items: end;
    margin-top: 12px;
  }
  form.inline select {
    width: auto;
  }
  .link {
    margin-top: 12px;
  }
  .link p {
    margin: 0 0 6px;
  }
  .subhead {
    margin: 18px 0 4px;
  }
  td {
    overflow-wrap: anywhere;
  }
  @media (max-width: 640px) {
    form.inline {
      grid-template-columns: 1fr;
    }
    .wide {
      display: none;
    }
  }
`;
