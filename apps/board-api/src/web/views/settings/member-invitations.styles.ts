import { css } from "lit";

export const memberInvitationsStyles = css`
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
  .waiting {
    display: block;
    color: var(--muted);
  }
  @media (max-width: 640px) {
    .wide {
      display: none;
    }
  }
`;
