import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from "lit";
import { api, ApiError, errorMessage, type TenantUser, type TenantView } from "../api.ts";
import { countOf, format, listText, t } from "../i18n.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import { changedSettings, readTenantForm, tenantChanges, tenantFields } from "../tenants/tenant-form.ts";
import "@org/web-kit/dialog";
import type { KitDialog } from "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import { searchIcon, usersIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import "../ui/secret-value.ts";
import { loadFailed, loading, tenantDetails, tenantHeader, userRow } from "./tenant-parts.ts";
import "./tenant-webhooks.ts";
import "./user-passkeys.ts";
import type { UserPasskeys } from "./user-passkeys.ts";
import { tenantViewStyles } from "./tenant-view.styles.ts";

/**
 * `#/tenants/<id>`: a tenant's details and actions (edit, rotate the key, disable or enable), its
 * users (search, disable or enable, their passkeys), and its webhooks (tenant-webhooks.ts).
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
    await this.updateComplete;
    // Back to the tenant's values: edits left from a cancelled try are dropped.
    (this.renderRoot.querySelector("#edit-form") as HTMLFormElement | null)?.reset();
    await this.#dialog("edit").show(opener);
  };

  /**
   * Sends only the settings the form changed. A refusal keeps every edit in the form (its fields
   * are not bound to the tenant's values, see tenantFields); the notice names the settings the
   * server's answer shows changed, or says that nothing was.
   */
  async #save(event: SubmitEvent) {
    event.preventDefault();
    const before = this.tenant;
    if (!before || this.busy) return;
    const changes = tenantChanges(before, readTenantForm(event.target as HTMLFormElement, before));
    if (Object.keys(changes).length === 0) {
      this.#dialog("edit").close();
      notify(t.tenant.unchanged);
      return;
    }
    this.busy = "edit";
    this.editError = "";
    try {
      const after = await api.tenants.update(before.id, changes);
      this.tenant = after;
      this.#dialog("edit").close();
      const changed = changedSettings(before, after);
      notify(changed.length ? format(t.tenant.saved, { settings: listText(changed) }) : t.tenant.unchanged);
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
        title: format(t.tenant.disableTitle, { name: tenant.name }),
        message: t.tenant.disableMessage,
        confirmLabel: t.tenant.disable,
      }))
    ) {
      return;
    }
    this.busy = disabled ? "disable" : "enable";
    try {
      this.tenant = await api.tenants.setDisabled(tenant.id, disabled);
      notify(format(disabled ? t.tenant.disabled : t.tenant.enabled, { name: tenant.name }));
    } catch (error) {
      notify(
        format(disabled ? t.tenant.disableFailed : t.tenant.enableFailed, {
          name: tenant.name,
          error: errorMessage(error),
        }),
      );
    } finally {
      this.busy = "";
    }
  }

  async #rotate() {
    const tenant = this.tenant;
    if (!tenant || this.busy) return;
    const opener = this.shadowRoot?.activeElement as HTMLElement | undefined;
    const confirmed = await confirmAction({
      title: format(t.tenant.rotateTitle, { name: tenant.name }),
      message: t.tenant.rotateMessage,
      confirmLabel: t.tenant.rotateConfirm,
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
      notify(format(t.tenant.rotateFailed, { error: errorMessage(error) }));
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
        title: format(t.users.disableTitle, { name: who }),
        message: t.users.disableMessage,
        confirmLabel: t.users.disableConfirm,
      }))
    ) {
      return;
    }
    this.busy = `user:${user.externalId}`;
    try {
      const updated = await api.users.setDisabled(this.tenantId, user.externalId, disabled);
      this.users.replace((u) => u.id === user.id, updated);
      notify(format(disabled ? t.users.disabled : t.users.enabled, { name: who }));
    } catch (error) {
      notify(
        format(disabled ? t.users.disableFailed : t.users.enableFailed, {
          name: who,
          error: errorMessage(error),
        }),
      );
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
        <h2 id="users-title">${t.users.heading}</h2>
        <form
          class="search"
          role="search"
          @submit=${(event: SubmitEvent) => {
            event.preventDefault();
            this.#search(event);
          }}
        >
          ${searchIcon}
          <label class="sr-only" for="user-search">${t.users.searchLabel}</label>
          <input
            id="user-search"
            type="search"
            placeholder=${t.users.searchPlaceholder}
            autocomplete="off"
            spellcheck="false"
            @input=${this.#search}
          />
        </form>
      </div>
      ${pagedTable({
        list: this.users,
        label: t.users.heading,
        columns: 6,
        count: (count) => countOf(count, t.users.countOne, t.users.countOther),
        failed: t.users.loadFailed,
        head: html`<th scope="col">${t.users.user}</th>
          <th scope="col" class="hide-narrow">${t.users.passkeys}</th>
          <th scope="col" class="hide-narrow">${t.users.password}</th>
          <th scope="col">${t.users.status}</th>
          <th scope="col" class="hide-narrow">${t.users.created}</th>
          <th scope="col"><span class="sr-only">${t.common.actions}</span></th>`,
        row: this.#userRow,
        empty: this.#query
          ? emptyState(searchIcon, t.users.noMatchTitle, format(t.users.noMatchText, { query: this.#query }))
          : emptyState(usersIcon, t.users.emptyTitle, t.users.emptyText),
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
      ${tenantDetails(tenant)} ${this.#usersCard()}
      <tenant-webhooks .tenantId=${tenant.id}></tenant-webhooks>
      ${this.#dialogs(tenant)}`;
  }

  /** Editing the tenant, its new key (once), a user's passkeys. */
  #dialogs(tenant: TenantView) {
    return html`<kit-dialog id="edit" heading=${t.tenant.editHeading} close-label=${t.common.close}>
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
          ${t.common.cancel}
        </button>
        <button
          slot="footer"
          class="button primary"
          type="submit"
          form="edit-form"
          aria-disabled=${this.busy === "edit" ? "true" : "false"}
        >
          ${this.busy === "edit" ? t.common.saving : t.common.save}
        </button>
      </kit-dialog>

      <kit-dialog
        id="key"
        heading=${t.tenant.keyHeading}
        close-label=${t.common.close}
        @closed=${() => (this.rotatedKey = "")}
      >
        <div class="created">
          <p class="success-line">${format(t.tenant.rotated, { name: tenant.name })}</p>
          <secret-value label=${t.tenant.apiKey} .value=${this.rotatedKey}></secret-value>
          <p class="alert warning" role="note">${t.tenant.keyShownOnce}</p>
        </div>
        <button
          slot="footer"
          class="button primary"
          type="button"
          autofocus
          @click=${() => this.#dialog("key").close()}
        >
          ${t.common.done}
        </button>
      </kit-dialog>

      <kit-dialog
        id="passkeys"
        wide
        heading=${format(t.tenant.passkeysHeading, {
          name: this.passkeyUser?.displayName ?? this.passkeyUser?.externalId ?? "",
        })}
        close-label=${t.common.close}
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
