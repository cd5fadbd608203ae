// The tenant view's pieces that only show what they are given: the states before the tenant is
// there, its header with the actions, its details, a user's row.
import { html, nothing } from "lit";
import type { AdminTenantUser, ApiError, TenantView } from "../api.ts";
import { formatDate, formatDateTime } from "../format.ts";
import { fill, format, listOf, t } from "../i18n.ts";
import { ATTACHMENT_LABELS } from "../tenants/tenant-form.ts";
import { statusBadge } from "../ui/status-badge.ts";

const breadcrumb = html`<nav class="breadcrumb" aria-label=${t.common.breadcrumb}>
  <a href="#/tenants">${t.app.tenants}</a>
</nav>`;

/** The tenant could not be loaded: missing (a link to all tenants) or failed (try again). */
export function loadFailed(error: ApiError, retry: () => void) {
  const missing = error.code === "not_found";
  return html`${breadcrumb}
    <h1 tabindex="-1">${missing ? t.tenant.notFoundHeading : t.tenant.loadFailedHeading}</h1>
    <div class="card state">
      <div class="alert" role="alert">
        <span>${missing ? t.tenant.notFoundText : error.message}</span>
        ${
          missing
            ? html`<a class="button secondary small" href="#/tenants">${t.tenant.allTenants}</a>`
            : html`<button class="button secondary small" type="button" @click=${retry}>
                ${t.common.tryAgain}
              </button>`
        }
      </div>
    </div>`;
}

export function loading() {
  return html`${breadcrumb}
    <h1 tabindex="-1" aria-busy="true"><span class="sr-only">${t.tenant.loading}</span></h1>
    <div class="placeholder" aria-hidden="true"></div>`;
}

export interface TenantActions {
  edit: () => void;
  rotate: () => void;
  toggle: () => void;
}

/** The breadcrumb, name, status and actions (`busy`: the action in progress), and the disabled note. */
export function tenantHeader(tenant: TenantView, busy: string, actions: TenantActions) {
  const toggleLabel =
    busy === "enable"
      ? t.tenant.enabling
      : busy === "disable"
        ? t.tenant.disabling
        : tenant.disabled
          ? t.tenant.enable
          : t.tenant.disable;
  return html`<nav class="breadcrumb" aria-label=${t.common.breadcrumb}>
      <a href="#/tenants">${t.app.tenants}</a><span aria-hidden="true">/</span
      ><span aria-current="page">${tenant.name}</span>
    </nav>
    <header class="view-header">
      <div>
        <div class="title-row">
          <h1 tabindex="-1">${tenant.name}</h1>
          ${statusBadge(tenant.disabled)}
        </div>
        <p class="subtitle">
          ${fill(t.tenant.rpIdLine, { rpId: html`<span class="mono">${tenant.rp_id}</span>` })}
        </p>
      </div>
      <div class="actions">
        <button
          class="button secondary"
          type="button"
          aria-disabled=${busy ? "true" : "false"}
          @click=${actions.edit}
        >
          ${t.tenant.edit}
        </button>
        ${
          tenant.set_by_environment?.api_key
            ? nothing
            : html`<button
                class="button secondary"
                type="button"
                aria-disabled=${busy ? "true" : "false"}
                @click=${actions.rotate}
              >
                ${busy === "rotate" ? t.tenant.rotating : t.tenant.rotate}
              </button>`
        }
        <button
          class="button ${tenant.disabled ? "secondary" : "danger-outline"}"
          type="button"
          aria-disabled=${busy ? "true" : "false"}
          @click=${actions.toggle}
        >
          ${toggleLabel}
        </button>
      </div>
    </header>
    ${declaredNote(tenant)}
    ${tenant.disabled ? html`<p class="alert warning" role="note">${t.tenant.disabledNote}</p>` : nothing}`;
}

/** On the tenant the auth server's environment declares: which fields it sets (read-only here). */
function declaredNote(tenant: TenantView) {
  const declared = tenant.set_by_environment;
  if (!declared) return nothing;
  const words = {
    rp_id: t.tenant.declaredRpId,
    origins: t.tenant.declaredOrigins,
    api_key: t.tenant.declaredApiKey,
    registration_attachment: t.tenant.declaredAttachment,
  };
  const fields = (Object.keys(words) as (keyof typeof words)[]).filter((field) => declared[field]);
  return html`<p class="alert info" role="note" data-testid="declared-note">
    <span
      >${fill(t.tenant.declaredNote, {
        variables: html`<span class="mono">BOOTSTRAP_TENANT_*</span>`,
        fields: listOf(
          fields.map((field) => html`${words[field]} (<span class="mono">${declared[field]}</span>)`),
        ),
      })}</span
    >
  </p>`;
}

export function tenantDetails(tenant: TenantView) {
  return html`<section class="card" aria-labelledby="details-title">
    <div class="card-header"><h2 id="details-title">${t.tenant.details}</h2></div>
    <dl class="details">
      <div>
        <dt>${t.tenant.allowedOrigins}</dt>
        <dd>
          ${
            tenant.origins.length
              ? html`<ul>
                  ${tenant.origins.map((origin) => html`<li class="mono">${origin}</li>`)}
                </ul>`
              : html`<span class="faint">${t.tenant.noOrigins}</span>`
          }
        </dd>
      </div>
      <div>
        <dt>${t.tenant.rpId}</dt>
        <dd class="mono">${tenant.rp_id}</dd>
      </div>
      <div>
        <dt>${t.tenant.newPasskeys}</dt>
        <dd>${ATTACHMENT_LABELS[tenant.registration_attachment]}</dd>
      </div>
      <div>
        <dt>${t.tenant.qrLogin}</dt>
        <dd>${tenant.qr_login === "on" ? t.common.on : t.common.off}</dd>
      </div>
      <div>
        <dt>${t.tenant.selfSignup}</dt>
        <dd>${tenant.self_signup ? t.common.on : t.common.off}</dd>
      </div>
      <div>
        <dt>${t.tenant.passwordLogin}</dt>
        <dd>${tenant.password_login ? t.common.on : t.common.off}</dd>
      </div>
      <div>
        <dt>${t.tenant.tenantId}</dt>
        <dd class="mono">${tenant.id}</dd>
      </div>
      <div>
        <dt>${t.tenant.created}</dt>
        <dd>${formatDate(tenant.created_at)}</dd>
      </div>
    </dl>
  </section>`;
}

/** A user's row (`busy`: an action on this user is in progress). */
export function userRow(
  user: AdminTenantUser,
  busy: boolean,
  actions: { manage: () => void; toggle: () => void },
) {
  const who = user.displayName ?? user.externalId;
  return html`<tr>
    <td>
      <span class="primary-text">${who}</span>
      <span class="secondary-text">${user.externalId}</span>
      ${user.username ? html`<span class="secondary-text">${user.username}</span>` : nothing}
    </td>
    <td class="hide-narrow">${user.passkeyCount}</td>
    <td class="hide-narrow">
      ${user.hasPassword ? t.common.yes : html`<span class="faint">${t.common.no}</span>`}
    </td>
    <td class="hide-narrow nowrap">
      ${
        user.lastSignInAt
          ? html`<time datetime=${user.lastSignInAt}>${formatDateTime(user.lastSignInAt)}</time>`
          : html`<span class="faint">${t.users.never}</span>`
      }
    </td>
    <td class="hide-narrow">${user.sessionCount}</td>
    <td>${statusBadge(user.disabled)}</td>
    <td class="hide-narrow nowrap">${formatDate(user.createdAt)}</td>
    <td class="actions-cell">
      <button
        class="button secondary small"
        type="button"
        aria-label=${format(t.users.manageUser, { name: who })}
        @click=${actions.manage}
      >
        ${t.users.manage}
      </button>
      <!-- One button whose action flips, so focus stays on it after the change. -->
      <button
        class="button small ${user.disabled ? "secondary" : "danger-outline"}"
        type="button"
        aria-disabled=${busy ? "true" : "false"}
        aria-label=${format(user.disabled ? t.users.enableUser : t.users.disableUser, { name: who })}
        @click=${actions.toggle}
      >
        ${user.disabled ? t.users.enable : t.users.disable}
      </button>
    </td>
  </tr>`;
}
