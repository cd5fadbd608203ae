import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from "lit";
import { call, errorMessage, type TenantEventType, type TenantWebhook } from "../api.ts";
import { formatDate } from "../format.ts";
import { countOf, format, t } from "../i18n.ts";
import { PagedList } from "../paged.ts";
import { shared } from "../styles.ts";
import "@org/web-kit/dialog";
import type { KitDialog } from "@org/web-kit/dialog";
import { confirmAction, notify } from "../ui/confirm.ts";
import { FormDialog } from "../ui/form-dialog.ts";
import { webhookIcon } from "../ui/icons.ts";
import { emptyState, pagedTable } from "../ui/paged-table.ts";
import "../ui/secret-value.ts";
import { tenantWebhooksStyles } from "./tenant-webhooks.styles.ts";
import "./webhook-deliveries.ts";
import type { WebhookDeliveries } from "./webhook-deliveries.ts";

/** The card's sentences, in the page's language. */
const w = t.webhooks;

const EVENT_NAMES = {
  "user.created": w.userCreated,
  "user.deleted": w.userDeleted,
  "passkey.added": w.passkeyAdded,
  "passkey.removed": w.passkeyRemoved,
  "login.succeeded": w.loginSucceeded,
  "login.failed": w.loginFailed,
} satisfies Record<TenantEventType, string>;

const EVENT_TYPES = Object.keys(EVENT_NAMES) as TenantEventType[];

/**
 * The tenant view's Webhooks card: its endpoints (URL, events, status, created) paged, "Add
 * endpoint" (its signing secret shown once), Remove (confirmed), and each endpoint's delivery log
 * in a dialog (webhook-deliveries.ts).
 */
export class TenantWebhooks extends LitElement {
  static override properties: PropertyDeclarations = {
    tenantId: { attribute: false },
    removing: { state: true },
    logOf: { state: true },
  };
  static override styles = [shared, tenantWebhooksStyles];

  tenantId = "";
  /** The endpoint being removed. */
  removing = "";
  /** The endpoint whose delivery log is open. */
  logOf: TenantWebhook | undefined;

  readonly webhooks = new PagedList<TenantWebhook>(this, (cursor) =>
    call("listTenantWebhooks", { params: { tenant_id: this.tenantId }, query: { cursor, limit: 25 } }),
  );
  /** "Add endpoint": its result is the endpoint with its secret (shown once). The first kit-dialog. */
  readonly add = new FormDialog(this, async (form) => {
    const data = new FormData(form);
    const description = String(data.get("description") ?? "").trim();
    const created = await call("addTenantWebhook", {
      params: { tenant_id: this.tenantId },
      body: {
        url: String(data.get("url") ?? "").trim(),
        events: data.getAll("events").map(String) as TenantEventType[],
        ...(description ? { description } : {}),
      },
    });
    void this.webhooks.reload();
    notify(format(w.added, { url: created.url }));
    return created;
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("tenantId") && this.tenantId) void this.webhooks.reload();
  }

  async #remove(webhook: TenantWebhook) {
    if (this.removing) return;
    const confirmed = await confirmAction({
      title: format(w.removeTitle, { url: webhook.url }),
      message: w.removeMessage,
      confirmLabel: w.removeConfirm,
    });
    if (!confirmed) return;
    this.removing = webhook.id;
    try {
      await call("removeTenantWebhook", { params: { webhook_id: webhook.id } });
      this.webhooks.remove((item) => item.id === webhook.id);
      notify(format(w.removed, { url: webhook.url }));
      // The row and its buttons are gone: focus stays in the card, on "Add endpoint".
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>("#add-endpoint")?.focus();
    } catch (error) {
      notify(format(w.removeFailed, { error: errorMessage(error) }));
    } finally {
      this.removing = "";
    }
  }

  async #openLog(webhook: TenantWebhook) {
    const opener = this.shadowRoot?.activeElement as HTMLElement | undefined;
    this.logOf = webhook;
    await this.updateComplete;
    void (this.renderRoot.querySelector("webhook-deliveries") as WebhookDeliveries).load();
    await (this.renderRoot.querySelector("#log") as KitDialog).show(opener);
  }

  #events(webhook: TenantWebhook) {
    if (webhook.events.length === 0) return html`<span class="faint">${w.allEvents}</span>`;
    return html`<ul class="events">
      ${webhook.events.map((type) => html`<li class="mono" title=${EVENT_NAMES[type]}>${type}</li>`)}
    </ul>`;
  }

  #status(webhook: TenantWebhook) {
    return webhook.enabled
      ? html`<span class="badge ok">${w.active}</span>`
      : html`<span class="badge bad" title=${webhook.disabled_reason ?? ""}>${w.disabled}</span>`;
  }

  #row = (webhook: TenantWebhook) => {
    const busy = this.removing === webhook.id;
    return html`<tr>
      <td class="endpoint">
        <span class="mono url">${webhook.url}</span>
        ${webhook.description ? html`<span class="meta">${webhook.description}</span>` : nothing}
        ${webhook.enabled ? nothing : html`<span class="hide-wide">${this.#status(webhook)}</span>`}
      </td>
      <td class="hide-narrow">${this.#events(webhook)}</td>
      <td class="hide-narrow">${this.#status(webhook)}</td>
      <td class="hide-narrow nowrap">${formatDate(webhook.created_at)}</td>
      <td class="actions-cell">
        <button
          class="button secondary small"
          type="button"
          aria-label=${format(w.deliveriesLabel, { url: webhook.url })}
          @click=${() => this.#openLog(webhook)}
        >
          ${w.deliveries}
        </button>
        <button
          class="button danger-outline small"
          type="button"
          aria-disabled=${busy ? "true" : "false"}
          aria-label=${format(w.removeLabel, { url: webhook.url })}
          @click=${() => this.#remove(webhook)}
        >
          ${busy ? w.removing : w.remove}
        </button>
      </td>
    </tr>`;
  };

  #addContent() {
    const { result } = this.add;
    if (result) {
      return html`<div class="created">
          <p class="success-line">${w.addedLine}</p>
          <p class="mono url">${result.url}</p>
          <secret-value label=${w.secret} .value=${result.secret}></secret-value>
          <p class="alert warning" role="note">${w.secretNote}</p>
        </div>
        ${this.add.doneButton()}`;
    }
    return html`<form id="add-form" @submit=${this.add.onSubmit} novalidate>
        ${this.add.errorAlert()}
        <div class="field">
          <label for="webhook-url">${w.url}</label>
          <input
            id="webhook-url"
            name="url"
            type="url"
            required
            maxlength="2000"
            autocomplete="off"
            spellcheck="false"
            placeholder="https://example.com/webhooks/auth"
            aria-describedby="webhook-url-hint"
          />
          <span class="hint" id="webhook-url-hint">${w.urlHint}</span>
        </div>
        <div class="field">
          <label for="webhook-description">${w.description}</label>
          <input
            id="webhook-description"
            name="description"
            maxlength="500"
            autocomplete="off"
            aria-describedby="webhook-description-hint"
          />
          <span class="hint" id="webhook-description-hint">${w.descriptionHint}</span>
        </div>
        <fieldset class="field" aria-describedby="webhook-events-hint">
          <legend>${w.eventsLegend}</legend>
          <div class="checks">
            ${EVENT_TYPES.map(
              (type) =>
                html`<label class="check">
                  <input type="checkbox" name="events" value=${type} />
                  <span><span class="mono">${type}</span><span class="meta">${EVENT_NAMES[type]}</span></span>
                </label>`,
            )}
          </div>
          <span class="hint" id="webhook-events-hint">${w.eventsHint}</span>
        </fieldset>
      </form>
      ${this.add.formButtons("add-form", w.submit, w.submitting)}`;
  }

  protected override render() {
    return html`<section class="card" aria-labelledby="webhooks-title">
        <div class="card-header">
          <div>
            <h2 id="webhooks-title">${w.title}</h2>
            <p class="intro">${w.intro}</p>
          </div>
          <button id="add-endpoint" class="button secondary" type="button" @click=${this.add.open}>
            ${w.add}
          </button>
        </div>
        ${pagedTable({
          list: this.webhooks,
          label: w.table,
          columns: 5,
          count: (count) => countOf(count, w.countOne, w.countOther),
          failed: w.loadFailed,
          head: html`<th scope="col">${w.endpoint}</th>
            <th scope="col" class="hide-narrow">${w.events}</th>
            <th scope="col" class="hide-narrow">${w.status}</th>
            <th scope="col" class="hide-narrow">${w.created}</th>
            <th scope="col"><span class="sr-only">${t.common.actions}</span></th>`,
          row: this.#row,
          empty: emptyState(webhookIcon, w.emptyTitle, w.emptyText),
        })}
      </section>
      <!-- Closed, it forgets the secret: it is on the page only while the dialog shows it. -->
      <kit-dialog
        heading=${this.add.result ? w.addedHeading : w.addHeading}
        close-label=${t.common.close}
        @closed=${() => {
          this.add.result = undefined;
          this.requestUpdate();
        }}
        >${this.#addContent()}</kit-dialog
      >
      <kit-dialog
        id="log"
        wide
        heading=${w.logHeading}
        close-label=${t.common.close}
        @closed=${() => (this.logOf = undefined)}
      >
        ${this.logOf ? html`<webhook-deliveries .webhook=${this.logOf}></webhook-deliveries>` : nothing}
      </kit-dialog>`;
  }
}
customElements.define("tenant-webhooks", TenantWebhooks);

declare global {
  interface HTMLElementTagNameMap {
    "tenant-webhooks": TenantWebhooks;
  }
}
