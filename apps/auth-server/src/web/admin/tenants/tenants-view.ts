import { html, LitElement, nothing } from "lit";
import { api, type TenantView } from "../api.ts";
import { formatDate } from "../format.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import "@org/web-kit/dialog";
import { notify } from "../ui/confirm.ts";
import { FormDialog } from "../ui/form-dialog.ts";
import { buildingIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import { statusBadge } from "../ui/status-badge.ts";
import "../ui/secret-value.ts";
import { readTenantForm, tenantFields } from "./tenant-form.ts";

/** `#/tenants`: every tenant, and the "New tenant" dialog that shows the API key once. */
export class TenantsView extends LitElement {
  static override styles = [shared];

  readonly tenants = new PagedList<TenantView>(this, (cursor) => api.tenants.list(cursor));
  /** "New tenant": its result is the tenant with its API key (shown once). */
  readonly create = new FormDialog(this, async (form) => {
    const input = readTenantForm(form);
    const created = await api.tenants.create({
      name: input.name,
      rp_id: input.rpId,
      origins: input.origins ?? [],
      registration_attachment: input.registrationAttachment ?? "any",
      qr_login: input.qrLogin,
      self_signup: input.selfSignup,
      password_login: input.passwordLogin,
    });
    void this.tenants.reload();
    notify(`Tenant ${created.tenant.name} created.`);
    return created;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    void this.tenants.reload();
  }

  #dialogContent() {
    const { result } = this.create;
    if (result) {
      const { tenant, apiKey } = result;
      return html`<div class="created">
          <p class="success-line">${tenant.name} is ready.</p>
          <secret-value label="API key" .value=${apiKey}></secret-value>
          <p class="alert warning" role="note">
            This is the only time the key is shown. Store it in your backend's secrets now: it goes in the
            X-API-KEY header of server-to-server calls. If it is lost, rotate the key.
          </p>
        </div>
        <a
          slot="footer"
          class="button secondary"
          href="#/tenants/${tenant.id}"
          @click=${() => this.create.close()}
          >Open tenant</a
        >
        ${this.create.doneButton()}`;
    }
    return html`<form id="create-form" @submit=${this.create.onSubmit} novalidate>
        ${this.create.errorAlert()} ${tenantFields({ mode: "create" })}
      </form>
      ${this.create.formButtons("create-form", "Create tenant", "Creating…")}`;
  }

  #row = (tenant: TenantView) => {
    const [first, ...rest] = tenant.origins;
    return html`<tr>
      <td>
        <a class="primary-text" href="#/tenants/${tenant.id}">${tenant.name}</a>
        <span class="secondary-text hide-wide">${tenant.rp_id}</span>
      </td>
      <td class="hide-narrow"><span class="mono">${tenant.rp_id}</span></td>
      <td class="hide-narrow">
        ${
          first
            ? html`<span class="mono">${first}</span>${
                  rest.length
                    ? html` <span class="faint" title=${rest.join("\n")}>+${rest.length} more</span>`
                    : nothing
                }`
            : html`<span class="faint">None</span>`
        }
      </td>
      <td>${statusBadge(tenant.disabled)}</td>
      <td class="hide-narrow nowrap">${formatDate(tenant.created_at)}</td>
    </tr>`;
  };

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">Tenants</h1>
          <p class="subtitle">
            The sites that use this server for passkey sign-in. Each has a relying-party ID, the origins its
            pages run on, and an API key for its backend.
          </p>
        </div>
        <button class="button primary" type="button" @click=${this.create.open}>New tenant</button>
      </header>
      <section class="card" aria-label="Tenants">
        ${pagedTable({
          list: this.tenants,
          label: "Tenants",
          columns: 5,
          noun: ["tenant", "tenants"],
          head: html`<th scope="col">Name</th>
            <th scope="col" class="hide-narrow">RP ID</th>
            <th scope="col" class="hide-narrow">Origins</th>
            <th scope="col">Status</th>
            <th scope="col" class="hide-narrow">Created</th>`,
          row: this.#row,
          empty: emptyState(
            buildingIcon,
            "No tenants yet",
            "Create the first tenant to get its API key; its backend then mints the tokens your pages use.",
            html`<button class="button primary" type="button" @click=${this.create.open}>New tenant</button>`,
          ),
        })}
      </section>
      <kit-dialog heading=${this.create.result ? "Tenant created" : "New tenant"}
        >${this.#dialogContent()}</kit-dialog
      >`;
  }
}
customElements.define("tenants-view", TenantsView);

declare global {
  interface HTMLElementTagNameMap {
    "tenants-view": TenantsView;
  }
}
