import { html, LitElement, nothing } from "lit";
import { call, type TenantView } from "../api.ts";
import { formatDate } from "../format.ts";
import { countOf, format, t } from "../i18n.ts";
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

  readonly tenants = new PagedList<TenantView>(this, (cursor) =>
    call("listTenants", { query: { cursor, limit: 50 } }),
  );
  /** "New tenant": its result is the tenant with its API key (shown once). */
  readonly create = new FormDialog(this, async (form) => {
    const input = readTenantForm(form);
    const created = await call("createTenant", {
      body: {
        name: input.name,
        rp_id: input.rpId,
        origins: input.origins ?? [],
        registration_attachment: input.registrationAttachment ?? "any",
        qr_login: input.qrLogin,
        self_signup: input.selfSignup,
        password_login: input.passwordLogin,
      },
    });
    void this.tenants.reload();
    notify(format(t.tenants.createdToast, { name: created.tenant.name }));
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
          <p class="success-line">${format(t.tenants.ready, { name: tenant.name })}</p>
          <secret-value label=${t.tenants.apiKey} .value=${apiKey}></secret-value>
          <p class="alert warning" role="note">${t.tenants.keyShownOnce}</p>
        </div>
        <a
          slot="footer"
          class="button secondary"
          href="#/tenants/${tenant.id}"
          @click=${() => this.create.close()}
          >${t.tenants.openTenant}</a
        >
        ${this.create.doneButton()}`;
    }
    return html`<form id="create-form" @submit=${this.create.onSubmit} novalidate>
        ${this.create.errorAlert()} ${tenantFields({ mode: "create" })}
      </form>
      ${this.create.formButtons("create-form", t.tenants.create, t.tenants.creating)}`;
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
                    ? html` <span class="faint" title=${rest.join("\n")}
                        >${format(t.tenants.moreOrigins, { count: rest.length })}</span
                      >`
                    : nothing
                }`
            : html`<span class="faint">${t.common.none}</span>`
        }
      </td>
      <td>${statusBadge(tenant.disabled)}</td>
      <td class="hide-narrow nowrap">${formatDate(tenant.created_at)}</td>
    </tr>`;
  };

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">${t.tenants.heading}</h1>
          <p class="subtitle">${t.tenants.subtitle}</p>
        </div>
        <button class="button primary" type="button" @click=${this.create.open}>
          ${t.tenants.newTenant}
        </button>
      </header>
      <section class="card" aria-label=${t.tenants.heading}>
        ${pagedTable({
          list: this.tenants,
          label: t.tenants.heading,
          columns: 5,
          count: (count) => countOf(count, t.tenants.countOne, t.tenants.countOther),
          failed: t.tenants.loadFailed,
          head: html`<th scope="col">${t.tenants.name}</th>
            <th scope="col" class="hide-narrow">${t.tenants.rpId}</th>
            <th scope="col" class="hide-narrow">${t.tenants.origins}</th>
            <th scope="col">${t.tenants.status}</th>
            <th scope="col" class="hide-narrow">${t.tenants.created}</th>`,
          row: this.#row,
          empty: emptyState(
            buildingIcon,
            t.tenants.emptyTitle,
            t.tenants.emptyText,
            html`<button class="button primary" type="button" @click=${this.create.open}>
              ${t.tenants.newTenant}
            </button>`,
          ),
        })}
      </section>
      <kit-dialog
        heading=${this.create.result ? t.tenants.createdHeading : t.tenants.newTenant}
        close-label=${t.common.close}
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
