// A project's webhooks (admins): receivers of the project's events. A new one's signing secret is
// shown once with a copy button; each can be paused, resumed or deleted, and its delivery log
// (each attempt's status and time) opened, with "Send again" for a delivery (a replay).
import type { CreatedWebhook, Webhook, WebhookDelivery } from "@org/contracts";
import { WEBHOOK_EVENT_TYPES } from "@org/contracts/event-names";
import { html, LitElement, nothing } from "lit";
import { call, callAll } from "../../api.ts";
import { base } from "../../styles.ts";
import { confirmAction } from "../../ui/confirm.ts";
import { attempt } from "../../ui/toast.ts";
import "../../ui/secret-value.ts";
import { inlineFormStyles } from "./inline-form.styles.ts";
import { projectWebhooksStyles } from "./project-webhooks.styles.ts";

export class BoardProjectWebhooks extends LitElement {
  static override styles = [base, inlineFormStyles, projectWebhooksStyles];
  static override properties = {
    projectId: {},
    webhooks: { state: true },
    created: { state: true },
    open: { state: true },
    deliveries: { state: true },
  };
  projectId = "";
  webhooks: Webhook[] = [];
  /** The webhook just made, with its secret: shown until another is made or the page is left. */
  created: CreatedWebhook | null = null;
  /** The webhook whose delivery log is open. */
  open: string | null = null;
  deliveries: WebhookDelivery[] = [];

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("projectId")) void this.load();
  }

  private async load() {
    this.webhooks = await callAll("list_webhooks", { params: { project_id: this.projectId } }).catch(
      () => [],
    );
    if (this.open) await this.loadDeliveries(this.open);
  }

  private async loadDeliveries(webhookId: string) {
    const page = await call("list_webhook_deliveries", {
      params: { webhook_id: webhookId },
      query: { limit: 20 },
    }).catch(() => ({ data: [] }));
    this.deliveries = page.data;
  }

  private async create(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const values = new FormData(form);
    const events = values.getAll("events").map(String);
    await attempt(async () => {
      this.created = await call("create_webhook", {
        params: { project_id: this.projectId },
        body: {
          url: String(values.get("url") ?? "").trim(),
          events,
          description: String(values.get("description") ?? "").trim(),
        },
      });
      form.reset();
      form.querySelector("details")?.removeAttribute("open");
    });
    await this.load();
  }

  private async setEnabled(webhook: Webhook, enabled: boolean) {
    if (
      await attempt(
        () => call("update_webhook", { params: { webhook_id: webhook.id }, body: { enabled } }),
        enabled ? "Webhook resumed." : "Webhook paused.",
      )
    ) {
      await this.load();
    }
  }

  private async deleteWebhook(webhook: Webhook) {
    const ok = await confirmAction(
      "Delete this webhook?",
      `${webhook.url} gets no more events, and its delivery log is deleted.`,
      "Delete webhook",
    );
    if (!ok) return;
    if (
      await attempt(() => call("delete_webhook", { params: { webhook_id: webhook.id } }), "Webhook deleted.")
    ) {
      if (this.created?.id === webhook.id) this.created = null;
      if (this.open === webhook.id) this.open = null;
      await this.load();
    }
  }

  private async toggleLog(webhook: Webhook) {
    if (this.open === webhook.id) {
      this.open = null;
      return;
    }
    this.open = webhook.id;
    this.deliveries = [];
    await this.loadDeliveries(webhook.id);
  }

  private async retry(delivery: WebhookDelivery) {
    if (
      await attempt(
        () => call("retry_webhook_delivery", { params: { delivery_id: delivery.id } }),
        "Queued to be sent again.",
      )
    ) {
      await this.loadDeliveries(delivery.webhook_id);
    }
  }

  private renderCreated() {
    if (!this.created) return nothing;
    return html`<div class="created" role="status">
      <p>
        Signing secret for <strong>${this.created.url}</strong>, shown only now: verify each delivery's
        <code>webhook-signature</code> with it (the <code>standardwebhooks</code> package's
        <code>Webhook.verify</code>).
      </p>
      <board-secret-value .value=${this.created.secret}></board-secret-value>
    </div>`;
  }

  private status(webhook: Webhook) {
    if (!webhook.enabled) {
      return html`<span class="chip warn" title=${webhook.disabled_reason ?? ""}
        >${webhook.disabled_reason ? "disabled" : "paused"}</span
      >`;
    }
    if (webhook.failing_since) return html`<span class="chip warn">failing</span>`;
    return html`<span class="chip accent">active</span>`;
  }

  private renderLog() {
    if (this.deliveries.length === 0) return html`<p class="faint log">No deliveries yet.</p>`;
    return html`<table class="log">
      <thead>
        <tr>
          <th>Event</th>
          <th>Status</th>
          <th class="wide">Attempts</th>
          <th><span class="sr-only">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${this.deliveries.map((delivery) => {
          const last = delivery.attempts.at(-1);
          return html`<tr>
            <td>${delivery.event_type}<small>#${delivery.event_seq}</small></td>
            <td>
              <span class="state ${delivery.status}">${delivery.status}</span>
              ${last ? html`<small>${last.status_code ?? "no answer"} · ${last.duration_ms} ms</small>` : nothing}
            </td>
            <td class="wide">
              ${delivery.attempts.length}
              ${last?.error ? html`<small class="why">${last.error}</small>` : nothing}
            </td>
            <td>
              <button class="button small" @click=${() => this.retry(delivery)}>Send again</button>
            </td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private renderList() {
    if (this.webhooks.length === 0) return html`<p class="faint">No webhooks yet.</p>`;
    return html`<ul class="hooks">
      ${this.webhooks.map(
        (webhook) =>
          html`<li>
            <div class="hook">
              <div class="what">
                <code class="url">${webhook.url}</code>
                <small
                  >${webhook.description ? html`${webhook.description} · ` : nothing}${
                    webhook.events.length ? webhook.events.join(", ") : "every event"
                  }</small
                >
              </div>
              ${this.status(webhook)}
              <div class="row actions">
                <button
                  class="button small"
                  aria-expanded=${this.open === webhook.id ? "true" : "false"}
                  @click=${() => this.toggleLog(webhook)}
                >
                  Deliveries
                </button>
                <button class="button small" @click=${() => this.setEnabled(webhook, !webhook.enabled)}>
                  ${webhook.enabled ? "Pause" : "Resume"}
                </button>
                <button class="button small danger" @click=${() => this.deleteWebhook(webhook)}>
                  Delete
                </button>
              </div>
            </div>
            ${this.open === webhook.id ? this.renderLog() : nothing}
          </li>`,
      )}
    </ul>`;
  }

  protected override render() {
    return html`<p class="faint">
        Each change of this project is POSTed to these URLs, signed (Standard Webhooks); a failed delivery is
        tried again after 5 s, 30 s, 2 min, 10 min, 1 h and 6 h.
      </p>
      ${this.renderList()} ${this.renderCreated()}
      <form class="stack new" @submit=${this.create} aria-label="New webhook">
        <div class="inline">
          <label class="field"
            >Receiver URL
            <input name="url" type="url" required placeholder="https://ci.example.com/hooks/board"
          /></label>
          <label class="field">Description <input name="description" maxlength="500" /></label>
          <button class="button primary">Add webhook</button>
        </div>
        <details>
          <summary>Event types (none ticked: every event)</summary>
          <div class="types">
            ${WEBHOOK_EVENT_TYPES.map(
              (type) => html`<label><input type="checkbox" name="events" value=${type} /> ${type}</label>`,
            )}
          </div>
        </details>
      </form>`;
  }
}
customElements.define("board-project-webhooks", BoardProjectWebhooks);
