import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { api, type AuditEvent, type AuditEventType, type AuditFilter, type TenantView } from "../api.ts";
import { EVENT_LABELS, eventTone, formatDateTime, fromLocalInput } from "../format.ts";
import { countOf, t } from "../i18n.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import { listIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import { auditViewStyles } from "./audit-view.styles.ts";

/** `#/audit`: the audit log, newest first, filtered by tenant, event type and time range. */
export class AuditView extends LitElement {
  static override properties: PropertyDeclarations = {
    tenants: { state: true },
    filterError: { state: true },
    filtered: { state: true },
  };
  static override styles = [shared, auditViewStyles];

  tenants: TenantView[] = [];
  filterError = "";
  /** Whether any filter is set (for the empty state's wording). */
  filtered = false;
  #filter: AuditFilter = {};

  readonly events = new PagedList<AuditEvent>(this, (cursor) => api.audit.list(this.#filter, cursor));

  override connectedCallback(): void {
    super.connectedCallback();
    void this.events.reload();
    // The tenant filter's choices; a failure leaves "All tenants" only.
    api.tenants.list(undefined, 200).then(
      (page) => (this.tenants = page.data),
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

  #row = (event: AuditEvent) => {
    const detail = Object.entries(event.detail);
    return html`<tr>
      <td class="event">
        <span class="badge ${eventTone(event.type)}">${EVENT_LABELS[event.type] ?? event.type}</span>
        <time datetime=${event.created_at}>${formatDateTime(event.created_at)}</time>
      </td>
      <td class="who">
        ${
          event.tenant_name ??
          (event.tenant_id
            ? html`<span class="mono" title=${event.tenant_id}>${event.tenant_id.slice(0, 8)}…</span>`
            : html`<span class="none">—</span>`)
        }
      </td>
      <td class="who">${event.user_external_id ?? html`<span class="none">—</span>`}</td>
      <td class="who hide-narrow">${event.admin_name ?? html`<span class="none">—</span>`}</td>
      <td class="hide-narrow mono">${event.ip ?? html`<span class="none">—</span>`}</td>
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
  };

  protected override render() {
    return html`<header class="view-header">
        <div>
          <h1 tabindex="-1">${t.audit.heading}</h1>
          <p class="subtitle">${t.audit.subtitle}</p>
        </div>
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
          columns: 6,
          count: (count) => countOf(count, t.audit.countOne, t.audit.countOther),
          failed: t.audit.loadFailed,
          head: html`<th scope="col">${t.audit.event}</th>
            <th scope="col">${t.audit.tenant}</th>
            <th scope="col">${t.audit.user}</th>
            <th scope="col" class="hide-narrow">${t.audit.by}</th>
            <th scope="col" class="hide-narrow">${t.audit.ip}</th>
            <th scope="col" class="hide-narrow">${t.audit.details}</th>`,
          row: this.#row,
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
