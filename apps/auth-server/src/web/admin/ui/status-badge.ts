import { html } from "lit";

/** Active or Disabled (tenants and users). */
export const statusBadge = (disabled: boolean) =>
  disabled ? html`<span class="badge bad">Disabled</span>` : html`<span class="badge ok">Active</span>`;
