import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from "lit";
import { ApiError, call, errorMessage, type TenantView } from "../api.ts";
import { format, listText, t } from "../i18n.ts";
import { shared } from "../styles.ts";
import { changedSettings, readTenantForm, tenantChanges, tenantFields } from "../tenants/tenant-form.ts";
import "@org/web-kit/dialog";
import type { KitDialog } from "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import "../ui/secret-value.ts";
import { loadFailed, loading, tenantDetails, tenantHeader } from "./tenant-parts.ts";
import "./tenant-users.ts";
import "./tenant-webhooks.ts";
import { tenantViewStyles } from "./tenant-view.styles.ts";

/**
 * `#/tenants/<id>`: a tenant's details and actions (edit, rotate the key, disable or enable), its
 * users (tenant-users.ts) and its webhooks (tenant-webhooks.ts).
 */
export class TenantDetailView extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    tenant: { state: true },
    loadError: { state: true },
    busy: { state: true },
    editError: { state: true },
    rotatedKey: { state: true },
  };
  static override styles = [shared, tenantViewStyles];

  /** The tenant shown. */
  tenantId = "";
  tenant: TenantView | undefined;
  loadError: ApiError | undefined;
  /** The action in progress ("edit", "disable", "enable", "rotate"). */
  busy = "";
  editError = "";
  /** The key after a rotation (shown once). */
  rotatedKey = "";

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("tenantId") && this.tenantId) void this.#load();
  }

  async #load() {
    this.tenant = undefined;
    this.loadError = undefined;
    try {
      this.tenant = await call("getTenant", { params: { tenant_id: this.tenantId } });
    } catch (error) {
      this.loadError =
        error instanceof ApiError ? error : new ApiError(0, "server_error", errorMessage(error));
    }
  }

  #dialog(id: string): KitDialog {
    return this.renderRoot.querySelector(`#${id}`) as KitDialog;
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
      const after = await call("updateTenant", { params: { tenant_id: before.id }, body: changes });
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
      this.tenant = await call(disabled ? "disableTenant" : "enableTenant", {
        params: { tenant_id: tenant.id },
      });
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
      const { tenant: updated, apiKey } = await call("rotateTenantKey", { params: { tenant_id: tenant.id } });
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

  // ---- rendering ----
  protected override render() {
    if (this.loadError) return loadFailed(this.loadError, () => this.#load());
    const tenant = this.tenant;
    if (!tenant) return loading();
    return html`${tenantHeader(tenant, this.busy, {
        edit: this.#openEdit,
        rotate: () => this.#rotate(),
        toggle: () => this.#setDisabled(!tenant.disabled),
      })}
      ${tenantDetails(tenant)}
      <tenant-users .tenantId=${tenant.id}></tenant-users>
      <tenant-webhooks .tenantId=${tenant.id}></tenant-webhooks>
      ${this.#dialogs(tenant)}`;
  }

  /** Editing the tenant, its new key (once). */
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
      </kit-dialog>`;
  }
}
customElements.define("tenant-view", TenantDetailView);

declare global {
  interface HTMLElementTagNameMap {
    "tenant-view": TenantDetailView;
  }
}
