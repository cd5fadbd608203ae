import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from "lit";
import { api, ApiError, errorMessage, type TenantUser, type TenantView } from "../api.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import { readTenantForm, tenantFields } from "../tenants/tenant-form.ts";
import "@org/web-kit/dialog";
import type { KitDialog } from "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import { searchIcon, usersIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import "../ui/secret-value.ts";
import { loadFailed, loading, tenantDetails, tenantHeader, userRow } from "./tenant-parts.ts";
import "./user-passkeys.ts";
import type { UserPasskeys } from "./user-passkeys.ts";
import { tenantViewStyles } from "./tenant-view.styles.ts";

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
  static override styles = [shared, tenantViewStyles];

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
    const { name, origins, registrationAttachment, qrLogin, selfSignup, passwordLogin } = readTenantForm(
      event.target as HTMLFormElement,
      this.tenant,
    );
    this.busy = "edit";
    this.editError = "";
    try {
      this.tenant = await api.tenants.update(this.tenant.id, {
        name,
        origins,
        registration_attachment: registrationAttachment,
        qr_login: qrLogin,
        self_signup: selfSignup,
        password_login: passwordLogin,
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
  #userRow = (user: TenantUser) =>
    userRow(user, this.busy === `user:${user.externalId}`, {
      passkeys: () => this.#openPasskeys(user),
      toggle: () => this.#setUserDisabled(user, !user.disabled),
    });

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
    if (this.loadError) return loadFailed(this.loadError, () => this.#load());
    const tenant = this.tenant;
    if (!tenant) return loading();
    return html`${tenantHeader(tenant, this.busy, {
      edit: this.#openEdit,
      rotate: () => this.#rotate(),
      toggle: () => this.#setDisabled(!tenant.disabled),
    })}
    ${tenantDetails(tenant)} ${this.#usersCard()} ${this.#dialogs(tenant)}`;
  }

  /** Editing the tenant, its new key (once), a user's passkeys. */
  #dialogs(tenant: TenantView) {
    return html`<kit-dialog id="edit" heading="Edit tenant">
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
