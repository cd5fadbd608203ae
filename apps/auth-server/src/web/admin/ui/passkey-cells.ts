import { html } from "lit";
import type { AdminPasskey, OwnPasskey } from "../api.ts";
import { formatDateTime } from "../format.ts";
import { t } from "../i18n.ts";

type Passkey = Pick<AdminPasskey | OwnPasskey, "name" | "aaguid" | "authenticator" | "synced" | "last_used">;

/** A passkey's name and, below it, its authenticator (from the AAGUID) and whether it syncs. */
export const passkeyNameCell = (passkey: Passkey) =>
  html`<td>
    <span class="primary-text">${passkey.name}</span>
    <span class="meta" title=${`AAGUID ${passkey.aaguid}`}
      >${passkey.authenticator ?? t.common.unknownAuthenticator}${passkey.synced ? ` · ${t.common.synced}` : ""}</span
    >
  </td>`;

export const lastUsedCell = (passkey: Passkey) =>
  html`<td class="nowrap">
    ${passkey.last_used ? formatDateTime(passkey.last_used) : html`<span class="faint">${t.common.never}</span>`}
  </td>`;
