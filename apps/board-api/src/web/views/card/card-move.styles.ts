// Styles of card-move.ts: a dialog on a wide screen, a sheet along the bottom on a phone.
import { dialogFrame } from "@org/web-kit/dialog.styles";
import { css } from "lit";

export const cardMoveStyles = css`
  ${dialogFrame}
  dialog {
    width: min(440px, calc(100vw - 24px));
  }
  .sheet {
    display: grid;
    gap: 14px;
    padding: 18px 20px 20px;
  }
  select {
    width: 100%;
  }
  .actions {
    justify-content: flex-end;
  }
  @media (max-width: 640px) {
    dialog {
      width: 100%;
      max-width: 100%;
      margin: auto 0 0;
      border-width: 1px 0 0;
      border-radius: 18px 18px 0 0;
    }
    .sheet {
      padding-bottom: calc(20px + env(safe-area-inset-bottom));
    }
    .actions .button {
      flex: 1;
      min-height: 44px;
    }
  }
`;
