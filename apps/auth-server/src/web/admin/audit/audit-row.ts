// One audit event as a table row: what (the event and when), on which tenant and user, by whom,
// from where, and its details. The audit log shows every column; a user's activity leaves out the
// tenant and the user, which it is about.
import { html, nothing } from "lit";
import type { AuditEvent } from "../api.ts";
import { EVENT_LABELS, eventTone, formatDateTime } from "../format.ts";
import { t } from "../i18n.ts";

export interface AuditColumns {
  tenant: boolean;
  user: boolean;
}

const none = html`<span class="none">—</span>`;

/** The header cells of the columns `auditRow` renders. */
export const auditHead = (columns: AuditColumns) =>
  html`<th scope="col">${t.audit.event}</th>
    ${columns.tenant ? html`<th scope="col">${t.audit.tenant}</th>` : nothing}
    ${columns.user ? html`<th scope="col">${t.audit.user}</th>` : nothing}
    <th scope="col" class="hide-narrow">${t.audit.by}</th>
    <th scope="col" class="hide-narrow">${t.audit.ip}</th>
    <th scope="col" class="hide-narrow">${t.audit.details}</th>`;

export const auditColumnCount = (columns: AuditColumns) =>
  4 + (columns.tenant ? 1 : 0) + (columns.user ? 1 : 0);

export function auditRow(event: AuditEvent, columns: AuditColumns) {
  const detail = Object.entries(event.detail);
  return html`<tr>
    <td class="event">
      <span class="badge ${eventTone(event.type)}">${EVENT_LABELS[event.type] ?? event.type}</span>
      <time datetime=${event.created_at}>${formatDateTime(event.created_at)}</time>
    </td>
    ${
      columns.tenant
        ? html`<td class="who">
            ${
              event.tenant_name ??
              (event.tenant_id
                ? html`<span class="mono" title=${event.tenant_id}>${event.tenant_id.slice(0, 8)}…</span>`
                : none)
            }
          </td>`
        : nothing
    }
    ${columns.user ? html`<td class="who">${event.user_external_id ?? none}</td>` : nothing}
    <td class="who hide-narrow">${event.admin_name ?? none}</td>
    <td class="hide-narrow mono">${event.ip ?? none}</td>
    <td class="hide-narrow">
      ${
        detail.length
          ? html`<div class="detail">
              ${detail.map(([key, value]) => html`<span><span>${key}</span> ${String(value)}</span>`)}
            </div>`
          : nothing
      }
    </td>
  </tr>`;
}
