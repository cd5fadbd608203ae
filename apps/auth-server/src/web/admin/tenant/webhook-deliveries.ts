import { html, LitElement, nothing, type PropertyDeclarations } from "lit";
import { call, errorMessage, type TenantWebhook, type TenantWebhookDelivery } from "../api.ts";
import { formatDateTime } from "../format.ts";
import { countOf, format, t } from "../i18n.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import { notify } from "../ui/confirm.ts";
import { listIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import { webhookDeliveriesStyles } from "./tenant-webhooks.styles.ts";

/** The log's sentences, in the page's language. */
const d = t.webhookDeliveries;
const STATUSES = { pending: d.pending, succeeded: d.succeeded, failed: d.failed };

/** How often the log looks again while a delivery is on its way (pending). */
const PENDING_POLL_MS = 1500;

/**
 * An endpoint's delivery log (in the webhooks card's dialog): event and time, status, attempts, the
 * last answer, newest first and paged, with Replay on each. While a delivery is pending, the
 * first page is fetched again every 1.5 s and its rows updated in place, so a replay's outcome shows.
 */
export class WebhookDeliveries extends LitElement {
  static override properties: PropertyDeclarations = {
    webhook: { attribute: false },
    replaying: { state: true },
  };
  static override styles = [shared, webhookDeliveriesStyles];

  webhook: TenantWebhook | undefined;
  /** The delivery whose replay is being asked for. */
  replaying = "";
  #poll: ReturnType<typeof setTimeout> | undefined;

  readonly deliveries = new PagedList<TenantWebhookDelivery>(this, (cursor) =>
    call("listTenantWebhookDeliveries", {
      params: { webhook_id: this.webhook?.id ?? "" },
      query: { cursor, limit: 25 },
    }),
  );

  async load(): Promise<void> {
    await this.deliveries.reload();
    this.#watchPending();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#poll);
  }

  /** Polls while a delivery is pending; each answer updates the rows it has (no reflow of the list). */
  #watchPending() {
    clearTimeout(this.#poll);
    if (!this.isConnected || !this.deliveries.items.some((d) => d.status === "pending")) return;
    this.#poll = setTimeout(async () => {
      const id = this.webhook?.id;
      if (!id) return;
      try {
        const page = await call("listTenantWebhookDeliveries", {
          params: { webhook_id: id },
          query: { limit: 25 },
        });
        for (const delivery of page.data) this.deliveries.replace((d) => d.id === delivery.id, delivery);
      } catch {
        // Looked again at the next tick; the Refresh button shows a lasting failure.
      }
      this.#watchPending();
    }, PENDING_POLL_MS);
  }

  async #replay(delivery: TenantWebhookDelivery) {
    if (this.replaying) return;
    this.replaying = delivery.id;
    try {
      const queued = await call("replayTenantWebhookDelivery", { params: { delivery_id: delivery.id } });
      this.deliveries.replace((d) => d.id === delivery.id, queued);
      notify(format(d.replayed, { event: delivery.event_type }));
      this.#watchPending();
    } catch (error) {
      notify(format(d.replayFailed, { error: errorMessage(error) }));
    } finally {
      this.replaying = "";
    }
  }

  #status(delivery: TenantWebhookDelivery) {
    const tone = { pending: "", succeeded: "ok", failed: "bad" }[delivery.status];
    return html`<span class="badge ${tone}">${STATUSES[delivery.status]}</span> ${
        delivery.next_attempt_at
          ? html`<span class="meta"
              >${format(d.nextTry, { time: formatDateTime(delivery.next_attempt_at) })}</span
            >`
          : nothing
      }`;
  }

  #lastResponse(delivery: TenantWebhookDelivery) {
    const last = delivery.attempts.at(-1);
    if (!last) return html`<span class="faint">${d.noAttempt}</span>`;
    // An answer's status says it all (its error only repeats it); without one, the error says why.
    if (last.status_code !== null) {
      const ok = last.status_code >= 200 && last.status_code < 300;
      return html`<span class="response ${ok ? "ok" : "bad"}" title=${last.error ?? ""}
        >${format(d.answered, { status: last.status_code })}</span
      >`;
    }
    return html`<span class="response bad">${d.noAnswer}</span>
      ${last.error ? html`<span class="meta">${last.error}</span>` : nothing}`;
  }

  #row = (delivery: TenantWebhookDelivery) => {
    const at = formatDateTime(delivery.created_at);
    const busy = this.replaying === delivery.id;
    return html`<tr>
      <td>
        <span class="mono event">${delivery.event_type}</span>
        <time class="meta nowrap" datetime=${delivery.created_at}>${at}</time>
      </td>
      <td>${this.#status(delivery)}</td>
      <td class="hide-narrow">${delivery.attempts.length}</td>
      <td class="response-cell">${this.#lastResponse(delivery)}</td>
      <td class="actions-cell">
        <button
          class="button secondary small"
          type="button"
          aria-disabled=${busy ? "true" : "false"}
          aria-label=${format(d.replayLabel, { event: delivery.event_type, time: at })}
          @click=${() => this.#replay(delivery)}
        >
          ${busy ? d.replaying : d.replay}
        </button>
      </td>
    </tr>`;
  };

  protected override render() {
    return html`<div class="toolbar">
        <div>
          <p class="mono url">${this.webhook?.url}</p>
          <p class="hint">${d.intro}</p>
        </div>
        <button
          class="button secondary small"
          type="button"
          ?disabled=${this.deliveries.state === "loading"}
          @click=${() => this.load()}
        >
          ${d.refresh}
        </button>
      </div>
      ${pagedTable({
        list: this.deliveries,
        label: d.table,
        columns: 5,
        count: (count) => countOf(count, d.countOne, d.countOther),
        failed: d.loadFailed,
        head: html`<th scope="col">${d.event}</th>
          <th scope="col">${d.status}</th>
          <th scope="col" class="hide-narrow">${d.attempts}</th>
          <th scope="col">${d.lastResponse}</th>
          <th scope="col"><span class="sr-only">${t.common.actions}</span></th>`,
        row: this.#row,
        empty: emptyState(listIcon, d.emptyTitle, d.emptyText),
      })}`;
  }
}
customElements.define("webhook-deliveries", WebhookDeliveries);

declare global {
  interface HTMLElementTagNameMap {
    "webhook-deliveries": WebhookDeliveries;
  }
}
