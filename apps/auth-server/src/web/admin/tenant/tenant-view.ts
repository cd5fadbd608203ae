import { css, html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from "lit";
import { api, ApiError, errorMessage, type TenantUser, type TenantView } from "../api.ts";
import { formatDate } from "../format.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import { ATTACHMENT_LABELS, readTenantForm, tenantFields } from "../tenants/tenant-form.ts";
import "@org/web-kit/dialog";
import type { KitDialog } from "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import { searchIcon, usersIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import { statusBadge } from "../ui/status-badge.ts";
import "../ui/secret-value.ts";
import "./user-passkeys.ts";
import type { UserPasskeys } from "./user-passkeys.ts";

/**
 * `#/tenants/<id>`: a tenant's details and actions (edit, rotate the key, disable or enable), and
 * its users (search, disable or enable, their passkeys).
 */
export class TenantDetailView extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    tenant: { state: true },
    loadError: { state: true },
    busy: { state: true },
    editError: { state: true },
    rotatedKey: { state: true },
    passkeyUser: { state: true },
  };
  static override styles = [
    shared,
    css`
      .breadcrumb {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        margin-bottom: 12px;
        color: var(--faint);
        font-size: 0.9rem;
      }
      .breadcrumb a {
        color: var(--muted);
        text-decoration: none;
      }
      .breadcrumb a:hover {
        color: var(--accent);
        text-decoration: underline;
      }
      .title-row {
        display: flex;
        flex-wrap: wrap;
        gap: 12px;
        align-items: center;
      }
      .details {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
        gap: 20px 32px;
        margin: 0;
        padding: 20px;
      }
      dt {
        margin-bottom: 4px;
        color: var(--faint);
        font-size: 0.75rem;
        font-weight: 700;
        letter-spacing: 0.05em;
        text-transform: uppercase;
      }
      dd {
        margin: 0;
        word-break: break-word;
      }
      dd ul {
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .search {
        position: relative;
        flex: 1;
        max-width: 340px;
        min-width: 200px;
      }
      .search svg {
        position: absolute;
        top: 50%;
        left: 10px;
        width: 18px;
        height: 18px;
        color: var(--faint);
        transform: translateY(-50%);
        pointer-events: none;
      }
      .search input {
        padding-left: 36px;
      }
      .placeholder {
        height: 28px;
        width: 220px;
        border-radius: 8px;
        background: var(--code-bg);
      }
      @media (max-width: 640px) {
        .search {
          flex-basis: 100%;
          max-width: none;
        }
        td.actions-cell .button {
          display: flex;
          width: 100%;
        }
        td.actions-cell .button + .button {
          margin: 6px 0 0;
        }
      }
    `,
  ];

  /** The tenant shown. */
  tenantId = "";
  tenant: TenantView | undefined;
  loadError: ApiError | undefined;
  /** The action in progress ("edit", "disable", …, or "user:<externalId>"). */
  busy = "";
  editError = "";
  /** The key after a rotation (shown once). */
  rotatedKey = "";
  /** The user whose passkeys are open. */
  passkeyUser: TenantUser | undefined;
  #query = "";
  #searchTimer: ReturnType<typeof setTimeout> | undefined;

  readonly users = new PagedList<TenantUser>(this, (cursor) =>
    api.users.list(this.tenantId, this.#query, cursor),
  );

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("tenantId") && this.tenantId) void this.#load();
  }

  async #load() {
    this.tenant = undefined;
    this.loadError = undefined;
    this.#query = "";
    try {
      this.tenant = await api.tenants.get(this.tenantId);
      void this.users.reload();
    } catch (error) {
      this.loadError =
        error instanceof ApiError ? error : new ApiError(0, "server_error", errorMessage(error));
    }
  }

  #dialog(id: string): KitDialog {
    return this.renderRoot.querySelector(`#${id}`) as KitDialog;
  }

  #search(event: Event) {
    const value = (event.target as HTMLInputElement).value.trim();
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(
      () => {
        if (value === this.#query) return;
        this.#query = value;
        void this.users.reload();
      },
      event.type === "submit" ? 0 : 250,
    );
  }

  // ---- tenant actions ----
  #openEdit = async () => {
    if (this.busy) return;
    const opener = this.shadowRoot?.activeElement as HTMLElement | undefined;
    this.editError = "";
    this.requestUpdate(); // the fields' live() bindings drop edits left from a cancelled try
    await this.updateComplete;
    await this.#dialog("edit").show(opener);
  };

  async #save(event: SubmitEvent) {
    event.preventDefault();
    if (!this.tenant || this.busy) return;
    const { name, origins, registrationAttachment, qrLogin } = readTenantForm(
      event.target as HTMLFormElement,
    );
    this.busy = "edit";
    this.editError = "";
    try {
      this.tenant = await api.tenants.update(this.tenant.id, {
        name,
        origins,
        registration_attachment: registrationAttachment,
        qr_login: qrLogin,
      });
      this.#dialog("edit").close();
      notify("Tenant saved.");
    } catch (error) {
      this.editError = errorMessage(error);
    } finally {
      this.busy = "";
    }
  }

  async #setDisabled(disabled: boolean) {
    const tenant = this.tenant;
    if (!tenant || this.busy) return;
    if (
      disabled &&
      !(await confirmAction({
        title: `Disable ${tenant.name}?`,
        message:
          "Its API key and tokens are refused (tenant_disabled) and its users cannot sign in until you enable it again. Nothing is deleted.",
        confirmLabel: "Disable tenant",
      }))
    ) {
      return;
    }
    this.busy = disabled ? "disable" : "enable";
    try {
      this.tenant = await api.tenants.setDisabled(tenant.id, disabled);
      notify(`${tenant.name} ${disabled ? "disabled" : "enabled"}.`);
    } catch (error) {
      notify(`Couldn't ${disabled ? "disable" : "enable"} ${tenant.name}: ${errorMessage(error)}`);
    } finally {
      this.busy = "";
    }
  }

  async #rotate() {
    const tenant = this.tenant;
    if (!tenant || this.busy) return;
    const opener = this.shadowRoot?.activeElement as HTMLElement | undefined;
    const confirmed = await confirmAction({
      title: `Rotate the API key of ${tenant.name}?`,
      message:
        "A new key is issued and the current one stops working at once: the tenant's backend must switch to the new key.",
      confirmLabel: "Rotate key",
    });
    if (!confirmed) return;
    this.busy = "rotate";
    try {
      const { tenant: updated, apiKey } = await api.tenants.rotateKey(tenant.id);
      this.tenant = updated;
      this.rotatedKey = apiKey;
      await this.updateComplete;
      await this.#dialog("key").show(opener);
    } catch (error) {
      notify(`Couldn't rotate the key: ${errorMessage(error)}`);
    } finally {
      this.busy = "";
    }
  }

  // ---- user actions ----
  async #setUserDisabled(user: TenantUser, disabled: boolean) {
    if (this.busy) return;
    const who = user.displayName ?? user.externalId;
    if (
      disabled &&
      !(await confirmAction({
        title: `Disable ${who}?`,
        message:
          "Their sessions end now, and signing in or registering answers user_disabled until you enable them again. Their passkeys are kept.",
        confirmLabel: "Disable user",
      }))
    ) {
      return;
    }
    this.busy = `user:${user.externalId}`;
    try {
      const updated = await api.users.setDisabled(this.tenantId, user.externalId, disabled);
      this.users.replace((u) => u.id === user.id, updated);
      notify(`${who} ${disabled ? "disabled" : "enabled"}.`);
    } catch (error) {
      notify(`Couldn't ${disabled ? "disable" : "enable"} ${who}: ${errorMessage(error)}`);
    } finally {
      this.busy = "";
    }
  }

  async #openPasskeys(user: TenantUser) {
    const opener = this.shadowRoot?.activeElement as HTMLElement | undefined;
    this.passkeyUser = user;
    await this.updateComplete;
    void (this.renderRoot.querySelector("user-passkeys") as UserPasskeys).load();
    await this.#dialog("passkeys").show(opener);
  }

  #passkeyDeleted() {
    const user = this.passkeyUser;
    if (!user) return;
    const updated = { ...user, passkeyCount: Math.max(0, user.passkeyCount - 1) };
    this.passkeyUser = updated;
    this.users.replace((u) => u.id === user.id, updated);
  }

  // ---- rendering ----
  #userRow = (user: TenantUser) => {
    const who = user.displayName ?? user.externalId;
    const busy = this.busy === `user:${user.externalId}`;
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
          @click=${() => this.#openPasskeys(user)}
        >
          Passkeys
        </button>
        <!-- One button whose action flips, so focus stays on it after the change. -->
        <button
          class="button small ${user.disabled ? "secondary" : "danger-outline"}"
          type="button"
          aria-disabled=${busy ? "true" : "false"}
          aria-label=${`${user.disabled ? "Enable" : "Disable"} ${who}`}
          @click=${() => this.#setUserDisabled(user, !user.disabled)}
        >
          ${user.disabled ? "Enable" : "Disable"}
        </button>
      </td>
    </tr>`;
  };

  #usersCard() {
    return html`<section class="card" aria-labelledby="users-title">
      <div class="card-header">
        <h2 id="users-title">Users</h2>
        <form
          class="search"
          role="search"
          @submit=${(event: SubmitEvent) => {
            event.preventDefault();
            this.#search(event);
          }}
        >
          ${searchIcon}
          <label class="sr-only" for="user-search">Search users by external ID or name</label>
          <input
            id="user-search"
            type="search"
            placeholder="Search by external ID or name"
            autocomplete="off"
            spellcheck="false"
            @input=${this.#search}
          />
        </form>
      </div>
      ${pagedTable({
        list: this.users,
        label: "Users",
        columns: 6,
        noun: ["user", "users"],
        head: html`<th scope="col">User</th>
          <th scope="col" class="hide-narrow">Passkeys</th>
          <th scope="col" class="hide-narrow">Password</th>
          <th scope="col">Status</th>
          <th scope="col" class="hide-narrow">Created</th>
          <th scope="col"><span class="sr-only">Actions</span></th>`,
        row: this.#userRow,
        empty: this.#query
          ? emptyState(
              searchIcon,
              "No matching users",
              `Nobody's external ID or name contains “${this.#query}”.`,
            )
          : emptyState(
              usersIcon,
              "No users yet",
              "Users appear when the tenant's backend creates them (POST /api/v1/users or /api/v1/user-token).",
            ),
      })}
    </section>`;
  }

  protected override render() {
    if (this.loadError) {
      const missing = this.loadError.code === "not_found";
      return html`<nav class="breadcrumb" aria-label="Breadcrumb"><a href="#/tenants">Tenants</a></nav>
        <h1 tabindex="-1">${missing ? "Tenant not found" : "Couldn't load the tenant"}</h1>
        <div class="card state">
          <div class="alert" role="alert">
            <span
              >${missing ? "There is no tenant with this id. It may have been removed." : this.loadError.message}</span
            >
            ${
              missing
                ? html`<a class="button secondary small" href="#/tenants">All tenants</a>`
                : html`<button class="button secondary small" type="button" @click=${() => this.#load()}>
                    Try again
                  </button>`
            }
          </div>
        </div>`;
    }
    const tenant = this.tenant;
    if (!tenant) {
      return html`<nav class="breadcrumb" aria-label="Breadcrumb"><a href="#/tenants">Tenants</a></nav>
        <h1 tabindex="-1" aria-busy="true"><span class="sr-only">Loading the tenant…</span></h1>
        <div class="placeholder" aria-hidden="true"></div>`;
    }
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
            aria-disabled=${this.busy ? "true" : "false"}
            @click=${this.#openEdit}
          >
            Edit
          </button>
          <button
            class="button secondary"
            type="button"
            aria-disabled=${this.busy ? "true" : "false"}
            @click=${this.#rotate}
          >
            ${this.busy === "rotate" ? "Rotating…" : "Rotate API key"}
          </button>
          <button
            class="button ${tenant.disabled ? "secondary" : "danger-outline"}"
            type="button"
            aria-disabled=${this.busy ? "true" : "false"}
            @click=${() => this.#setDisabled(!tenant.disabled)}
          >
            ${
              this.busy === "enable"
                ? "Enabling…"
                : this.busy === "disable"
                  ? "Disabling…"
                  : tenant.disabled
                    ? "Enable tenant"
                    : "Disable tenant"
            }
          </button>
        </div>
      </header>
      ${
        tenant.disabled
          ? html`<p class="alert warning" role="note">
              This tenant is disabled: its API key and tokens are refused and its users cannot sign in.
            </p>`
          : nothing
      }
      <section class="card" aria-labelledby="details-title">
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
            <dt>Tenant ID</dt>
            <dd class="mono">${tenant.id}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>${formatDate(tenant.created_at)}</dd>
          </div>
        </dl>
      </section>
      ${this.#usersCard()}

      <kit-dialog id="edit" heading="Edit tenant">
        <form id="edit-form" @submit=${this.#save} novalidate>
          ${this.editError ? html`<p class="alert" role="alert">${this.editError}</p>` : nothing}
          ${tenantFields({ mode: "edit", tenant })}
        </form>
        <button
          slot="footer"
          class="button secondary"
          type="button"
          @click=${() => this.#dialog("edit").close()}
        >
          Cancel
        </button>
        <button
          slot="footer"
          class="button primary"
          type="submit"
          form="edit-form"
          aria-disabled=${this.busy === "edit" ? "true" : "false"}
        >
          ${this.busy === "edit" ? "Saving…" : "Save"}
        </button>
      </kit-dialog>

      <kit-dialog id="key" heading="New API key" @closed=${() => (this.rotatedKey = "")}>
        <div class="created">
          <p class="success-line">The key of ${tenant.name} was rotated; the old key no longer works.</p>
          <secret-value label="API key" .value=${this.rotatedKey}></secret-value>
          <p class="alert warning" role="note">
            This is the only time the key is shown. Store it in the tenant's backend now.
          </p>
        </div>
        <button
          slot="footer"
          class="button primary"
          type="button"
          autofocus
          @click=${() => this.#dialog("key").close()}
        >
          Done
        </button>
      </kit-dialog>

      <kit-dialog
        id="passkeys"
        wide
        heading=${`Passkeys of ${this.passkeyUser?.displayName ?? this.passkeyUser?.externalId ?? ""}`}
        @closed=${() => (this.passkeyUser = undefined)}
      >
        ${
          this.passkeyUser
            ? html`<user-passkeys
                .tenantId=${tenant.id}
                .user=${this.passkeyUser}
                @passkey-deleted=${this.#passkeyDeleted}
              ></user-passkeys>`
            : nothing
        }
      </kit-dialog>`;
  }
}
customElements.define("tenant-view", TenantDetailView);

declare global {
  interface HTMLElementTagNameMap {
    "tenant-view": TenantDetailView;
  }
}
