// The tenant view's pieces that only show what they are given: the states before the tenant is
// there, its header with the actions, its details, a user's row.
import { html, nothing } from "lit";
import type { ApiError, TenantUser, TenantView } from "../api.ts";
import { formatDate } from "../format.ts";
import { ATTACHMENT_LABELS } from "../tenants/tenant-form.ts";
import { statusBadge } from "../ui/status-badge.ts";

const breadcrumb = html`<nav class="breadcrumb" aria-label="Breadcrumb">
  <a href="#/tenants">Tenants</a>
</nav>`;

/** The tenant could not be loaded: missing (a link to all tenants) or failed (try again). */
export function loadFailed(error: ApiError, retry: () => void) {
  const missing = error.code === "not_found";
  return html`${breadcrumb}
    <h1 tabindex="-1">${missing ? "Tenant not found" : "Couldn't load the tenant"}</h1>
    <div class="card state">
      <div class="alert" role="alert">
        <span>${missing ? "There is no tenant with this id. It may have been removed." : error.message}</span>
        ${
          missing
            ? html`<a class="button secondary small" href="#/tenants">All tenants</a>`
            : html`<button class="button secondary small" type="button" @click=${retry}>Try again</button>`
        }
      </div>
    </div>`;
}

export function loading() {
  return html`${breadcrumb}
    <h1 tabindex="-1" aria-busy="true"><span class="sr-only">Loading the tenant…</span></h1>
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
      ? "Enabling…"
      : busy === "disable"
        ? "Disabling…"
        : tenant.disabled
          ? "Enable tenant"
          : "Disable tenant";
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <a href="#/tenants">Tenants</a><span aria-hidden="true">/</span
      ><span aria-current="page">${tenant.name}</span>
    </nav>
    <header class="view-header">
      <div>
        <div class="title-row">
          <h1 tabindex="-1">${tenant.name}</h1>
          ${statusBadge(tenant.disabled)}
        </div>
        <p class="subtitle">Relying-party ID <span class="mono">${tenant.rp_id}</span></p>
      </div>
      <div class="actions">
        <button
          class="button secondary"
          type="button"
          aria-disabled=${busy ? "true" : "false"}
          @click=${actions.edit}
        >
          Edit
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
                ${busy === "rotate" ? "Rotating…" : "Rotate API key"}
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
    ${
      tenant.disabled
        ? html`<p class="alert warning" role="note">
            This tenant is disabled: its API key and tokens are refused and its users cannot sign in.
          </p>`
        : nothing
    }`;
}

/** On the tenant the auth server's environment declares: which fields it sets (read-only here). */
function declaredNote(tenant: TenantView) {
  const declared = tenant.set_by_environment;
  if (!declared) return nothing;
  const words = {
    rp_id: "RP ID",
    origins: "origins",
    api_key: "API key",
    registration_attachment: "new passkeys",
  };
  const fields = (Object.keys(words) as (keyof typeof words)[]).filter((field) => declared[field]);
  return html`<p class="alert info" role="note" data-testid="declared-note">
    <span>
      The auth server's environment declares this tenant (<span class="mono">BOOTSTRAP_TENANT_*</span>): its
      ${fields.map(
        (field, index) =>
          html`${index > 0 ? (index === fields.length - 1 ? " and " : ", ") : ""}${words[field]} (<span
              class="mono"
              >${declared[field]}</span
            >)`,
      )}
      are set there and read-only here. Its name and other settings may be edited.
    </span>
  </p>`;
}

export function tenantDetails(tenant: TenantView) {
  return html`<section class="card" aria-labelledby="details-title">
    <div class="card-header"><h2 id="details-title">Details</h2></div>
    <dl class="details">
      <div>
        <dt>Allowed origins</dt>
        <dd>
          ${
            tenant.origins.length
              ? html`<ul>
                  ${tenant.origins.map((origin) => html`<li class="mono">${origin}</li>`)}
                </ul>`
              : html`<span class="faint">None: only this server's own pages can sign in.</span>`
          }
        </dd>
      </div>
      <div>
        <dt>Relying-party ID</dt>
        <dd class="mono">${tenant.rp_id}</dd>
      </div>
      <div>
        <dt>New passkeys</dt>
        <dd>${ATTACHMENT_LABELS[tenant.registration_attachment]}</dd>
      </div>
      <div>
        <dt>QR sign-in</dt>
        <dd>${tenant.qr_login === "on" ? "On" : "Off"}</dd>
      </div>
      <div>
        <dt>Self-service sign-up</dt>
        <dd>${tenant.self_signup ? "On" : "Off"}</dd>
      </div>
      <div>
        <dt>Password sign-in</dt>
        <dd>${tenant.password_login ? "On" : "Off"}</dd>
      </div>
      <div>
        <dt>Tenant ID</dt>
        <dd class="mono">${tenant.id}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>${formatDate(tenant.created_at)}</dd>
      </div>
    </dl>
  </section>`;
}

/** A user's row (`busy`: an action on this user is in progress). */
export function userRow(
  user: TenantUser,
  busy: boolean,
  actions: { passkeys: () => void; toggle: () => void },
) {
  const who = user.displayName ?? user.externalId;
  return html`<tr>
    <td>
      <span class="primary-text">${who}</span>
      <span class="secondary-text">${user.externalId}</span>
    </td>
    <td class="hide-narrow">${user.passkeyCount}</td>
    <td class="hide-narrow">${user.hasPassword ? "Yes" : html`<span class="faint">No</span>`}</td>
    <td>${statusBadge(user.disabled)}</td>
    <td class="hide-narrow nowrap">${formatDate(user.createdAt)}</td>
    <td class="actions-cell">
      <button
        class="button secondary small"
        type="button"
        aria-label=${`Passkeys of ${who}`}
        @click=${actions.passkeys}
      >
        Passkeys
      </button>
      <!-- One button whose action flips, so focus stays on it after the change. -->
      <button
        class="button small ${user.disabled ? "secondary" : "danger-outline"}"
        type="button"
        aria-disabled=${busy ? "true" : "false"}
        aria-label=${`${user.disabled ? "Enable" : "Disable"} ${who}`}
        @click=${actions.toggle}
      >
        ${user.disabled ? "Enable" : "Disable"}
      </button>
    </td>
  </tr>`;
}
