// The account page: profile, appearance, passkeys, API tokens.
import { css } from "lit";

export const accountStyles = css`
  :host {
    max-width: 820px;
    margin: 0 auto;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
    margin-bottom: 20px;
  }
  .panel {
    display: grid;
    gap: 12px;
    margin-bottom: 18px;
  }
  form.profile {
    display: grid;
    grid-template-columns: 1fr 1fr auto;
    gap: 10px;
    align-items: end;
  }
  form.token {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 10px;
    align-items: end;
  }
  .new-token {
    display: grid;
    gap: 8px;
    padding: 14px;
    border: 1px solid var(--ok);
    border-radius: 12px;
  }
  .new-token strong {
    color: var(--ok);
  }
  td.actions {
    white-space: nowrap;
    text-align: right;
  }
  form.rename {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
  }
  form.rename input {
    flex: 1 1 160px;
    min-width: 0;
  }
  label.check {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    align-items: baseline;
  }
  authkit-register,
  .appearance {
    max-width: 280px;
  }
  @media (max-width: 640px) {
    form.profile,
    form.token {
      grid-template-columns: 1fr;
    }
    .wide {
      display: none;
    }
  }
`;
