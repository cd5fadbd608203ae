import { css } from "lit";

/** A one-line form of the settings page (a field or two and a button), stacked on a phone. */
export const inlineFormStyles = css`
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
  @media (max-width: 640px) {
    form.inline {
      grid-template-columns: 1fr;
    }
  }
`;
