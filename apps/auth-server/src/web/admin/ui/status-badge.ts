import { html } from "lit";
import { t } from "../i18n.ts";

/** Active or Disabled (tenants and users). */
export const statusBadge = (disabled: boolean) =>
  disabled
    ? html`<span class="badge bad">${t.common.disabled}</span>`
    : html`<span class="badge ok">${t.common.active}</span>`;
