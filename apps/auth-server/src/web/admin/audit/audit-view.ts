import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import {
  type Admin,
  type AuditEvent,
  type AuditEventType,
  auditExportUrl,
  type AuditFilter,
  call,
  type TenantView,
} from "../api.ts";
import { EVENT_LABELS, fromLocalInput } from "../format.ts";
import { countOf, t } from "../i18n.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import { listIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import { auditColumnCount, auditHead, auditRow } from "./audit-row.ts";
import { auditViewStyles } from "./audit-view.styles.ts";

const ALL_COLUMNS = { tenant: true, user: true };

/**
 * `#/audit`: the audit log, newest first: what happened, when, on which tenant and user, by which
 * administrator, from which IP. Filtered by tenant, event, administrator and time range; "Export
 * CSV" downloads the events the applied filters show.
 */
export class AuditView extends LitElement {
  static override properties: PropertyDeclarations = {
    tenants: { state: true },
    admins: { state: true },
    filterError: { state: true },
    filtered: { state: true },
  };
  static override styles = [shared, auditViewStyles];

  tenants: TenantView[] = [];
  admins: Admin[] = [];
  filterError = "";
  /** Whether any filter is set (for the empty state's wording). */
  filtered = false;
  #filter: AuditFilter = {};

  readonly events = new PagedList<AuditEvent>(this, (cursor) =>
    call("listAuditEvents", { query: { ...this.#filter, cursor, limit: 50 } }),
  );

  override connectedCallback(): void {
    super.connectedCallback();
    void this.events.reload();
    // The tenant filter's choices; a failure leaves "All tenants" only.
    call("listTenants", { query: { limit: 200 } }).then(
      (page) => (this.tenants = page.data),
      () => undefined,
    );
    call("listAdmins").then(
      (page) => (this.admins = page.data),
      () => undefined,
    );
  }

  #apply(event: SubmitEvent) {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const text = (name: string) => String(data.get(name) ?? "");
    const from = fromLocalInput(text("from"));
    const to = fromLocalInput(text("to"));
    if (from && to && from >= to) {
      this.filterError = t.audit.fromBeforeTo;
      return;
    }
    this.filterError = "";
    this.#filter = {
      ...(text("tenant") ? { tenant_id: text("tenant") } : {}),
      ...(text("type") ? { type: text("type") as AuditEventType } : {}),
      ...(text("admin") ? { admin_id: text("admin") } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    };
    this.filtered = Object.keys(this.#filter).length > 0;
    void this.events.reload();
  }

  #reset(event: Event) {
    (event.target as HTMLFormElement).closest("form")?.reset();
    this.filterError = "";
    this.#filter = {};
    this.filtered = false;
    void this.events.reload();
  }

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">${t.audit.heading}</h1>
          <p class="subtitle">${t.audit.subtitle}</p>
        </div>
        <a class="button secondary" href=${auditExportUrl(this.#filter)} download title=${t.audit.exportLabel}
          >${t.audit.exportCsv}</a
        >
      </header>
      <section class="card" aria-label=${t.audit.heading}>
        <form class="filters" @submit=${this.#apply} aria-label=${t.audit.filters}>
          <div class="field">
            <label for="filter-tenant">${t.audit.tenant}</label>
            <select id="filter-tenant" name="tenant">
              <option value="">${t.audit.allTenants}</option>
              ${this.tenants.map((tenant) => html`<option value=${tenant.id}>${tenant.name}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="filter-type">${t.audit.event}</label>
            <select id="filter-type" name="type">
              <option value="">${t.audit.allEvents}</option>
              ${(Object.keys(EVENT_LABELS) as AuditEventType[]).map((type) => html`<option value=${type}>${EVENT_LABELS[type]}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="filter-admin">${t.audit.admin}</label>
            <select id="filter-admin" name="admin">
              <option value="">${t.audit.anyone}</option>
              ${this.admins.map((admin) => html`<option value=${admin.id}>${admin.name}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="filter-from">${t.audit.from}</label>
            <input id="filter-from" name="from" type="datetime-local" />
          </div>
          <div class="field">
            <label for="filter-to">${t.audit.to}</label>
            <input id="filter-to" name="to" type="datetime-local" />
          </div>
          <div class="actions">
            <button class="button primary" type="submit">${t.audit.apply}</button>
            <button class="button secondary" type="button" @click=${this.#reset}>${t.audit.reset}</button>
          </div>
          ${this.filterError ? html`<p class="alert" role="alert">${this.filterError}</p>` : nothing}
        </form>
        ${pagedTable({
          list: this.events,
          label: t.audit.label,
          columns: auditColumnCount(ALL_COLUMNS),
          count: (count) => countOf(count, t.audit.countOne, t.audit.countOther),
          failed: t.audit.loadFailed,
          head: auditHead(ALL_COLUMNS),
          row: (event) => auditRow(event, ALL_COLUMNS),
          empty: this.filtered
            ? emptyState(listIcon, t.audit.noMatchTitle, t.audit.noMatchText)
            : emptyState(listIcon, t.audit.emptyTitle, t.audit.emptyText),
        })}
      </section>`;
  }
}
customElements.define("audit-view", AuditView);

declare global {
  interface HTMLElementTagNameMap {
    "audit-view": AuditView;
  }
}
