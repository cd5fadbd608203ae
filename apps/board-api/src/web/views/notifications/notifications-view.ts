// Your notifications, newest first: mentions of you in cards and comments written in the web app,
// cards handed off or assigned to you, and webhook endpoints the server disabled in projects you
// administer (no card: they lead to the project's settings, where the webhooks are).
import type { Notification } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { call } from "../../api.ts";
import { timeAgo } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { navigate } from "../../router.ts";
import { base } from "../../styles.ts";
import { linkListStyles } from "../../ui/link-list.styles.ts";
import { notificationsStyles } from "./notifications.styles.ts";
import { emit } from "../../events.ts";

export class BoardNotificationsView extends LitElement {
  static override styles = [base, linkListStyles, notificationsStyles];
  static override properties = { items: { state: true } };
  items: Notification[] | null = null;
  private stopLive?: () => void;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
    this.stopLive = onLiveEvent((event) => {
      if (event.type === "notification.created") void this.load();
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    super.disconnectedCallback();
  }

  private async load() {
    this.items = (
      await call("list_notifications", { query: { limit: 100 } }).catch(() => ({ data: [] }))
    ).data;
  }

  private changed() {
    emit(window, "board:notifications-changed");
  }

  private async open(event: Event, item: Notification) {
    event.preventDefault();
    if (!item.read_at) {
      await call("mark_notification_read", { params: { notification_id: item.id } }).catch(() => undefined);
      this.changed();
    }
    navigate(target(item));
  }

  private async readAll() {
    await call("mark_all_notifications_read");
    this.changed();
    await this.load();
  }

  protected override render() {
    const unread = this.items?.filter((item) => !item.read_at).length ?? 0;
    return html`<div class="head">
        <div>
          <h1>Notifications</h1>
          <p class="muted">
            When someone mentions you with your @handle, hands or assigns you a card or changes one you watch,
            when a card of yours is due within a day, or when a webhook of a project you administer stops.
          </p>
        </div>
        ${unread ? html`<button class="button" @click=${this.readAll}>Mark all read</button>` : nothing}
      </div>
      ${
        this.items === null
          ? html`<p class="muted">Loading…</p>`
          : this.items.length === 0
            ? html`<div class="empty">Nothing yet. Mentions of you and cards handed to you appear here.</div>`
            : html`<ol>
                ${this.items.map(
                  (item) =>
                    html`<li>
                      <a
                        class="item ${item.read_at ? "" : "unread"}"
                        href=${target(item)}
                        @click=${(event: Event) => this.open(event, item)}
                      >
                        ${item.kind === "webhook_disabled" ? webhookDisabled(item) : cardNotice(item)}
                        <span class="excerpt">${item.excerpt}</span>
                      </a>
                    </li>`,
                )}
              </ol>`
      }`;
  }
}

/** Where a notification leads: its card, or (about the project) the project's settings. */
const target = (item: Notification) =>
  item.card_id
    ? `/app/projects/${item.project_id}/cards/${item.card_id}`
    : `/app/projects/${item.project_id}/settings`;

const when = (item: Notification) =>
  html`<span class="faint">· ${item.project_name} · ${timeAgo(item.created_at)}</span>`;

const webhookDisabled = (item: Notification) =>
  html`<span
    ><strong>A webhook was disabled:</strong> <span class="url">${item.webhook_url}</span> ${when(item)}</span
  >`;

/** What happened, after the actor's name. */
const VERBS: Record<Exclude<Notification["kind"], "webhook_disabled" | "due_soon">, string> = {
  handoff: "handed you",
  assigned: "assigned you",
  mention: "mentioned you in",
  watched: "changed",
};

const cardNotice = (item: Notification) => {
  const card = html`<strong>#${item.card_number} ${item.card_title}</strong>`;
  if (item.kind === "due_soon") return html`<span>${card} is due soon ${when(item)}</span>`;
  const verb =
    item.kind === "mention" && item.comment_id
      ? "mentioned you in a comment on"
      : item.kind === "watched" && item.comment_id
        ? "commented on"
        : VERBS[item.kind as keyof typeof VERBS];
  return html`<span
    ><strong>${item.actor_name ?? "A former member"}</strong> ${verb} ${card}
    ${item.kind === "watched" ? html`<span class="faint">(you watch it)</span>` : nothing} ${when(item)}</span
  >`;
};

customElements.define("board-notifications-view", BoardNotificationsView);
