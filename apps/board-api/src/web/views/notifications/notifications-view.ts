// Your notifications: mentions of you in cards and comments written in the web app, newest first.
import type { Notification } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { api } from "../../api.ts";
import { timeAgo } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { navigate } from "../../router.ts";
import { base } from "../../styles.ts";
import { linkListStyles } from "../../ui/link-list.styles.ts";
import { notificationsStyles } from "./notifications.styles.ts";

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
      await api.get<{ data: Notification[] }>("/me/notifications?limit=100").catch(() => ({ data: [] }))
    ).data;
  }

  private changed() {
    window.dispatchEvent(new CustomEvent("board:notifications-changed"));
  }

  private async open(event: Event, item: Notification) {
    event.preventDefault();
    if (!item.read_at) {
      await api.post(`/me/notifications/${item.id}/read`).catch(() => undefined);
      this.changed();
    }
    navigate(`/app/projects/${item.project_id}/cards/${item.card_id}`);
  }

  private async readAll() {
    await api.post("/me/notifications/read");
    this.changed();
    await this.load();
  }

  protected override render() {
    const unread = this.items?.filter((item) => !item.read_at).length ?? 0;
    return html`<div class="head">
        <div>
          <h1>Notifications</h1>
          <p class="muted">When someone mentions you with your @handle or hands you a card.</p>
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
                        href="/app/projects/${item.project_id}/cards/${item.card_id}"
                        @click=${(event: Event) => this.open(event, item)}
                      >
                        <span
                          ><strong>${item.actor_name}</strong>
                          ${
                            item.kind === "handoff"
                              ? "handed you"
                              : item.kind === "assigned"
                                ? "assigned you"
                                : item.comment_id
                                  ? "mentioned you in a comment on"
                                  : "mentioned you in"
                          }
                          <strong>#${item.card_number} ${item.card_title}</strong>
                          <span class="faint"
                            >· ${item.project_name} · ${timeAgo(item.created_at)}</span
                          ></span
                        >
                        <span class="excerpt">${item.excerpt}</span>
                      </a>
                    </li>`,
                )}
              </ol>`
      }`;
  }
}
customElements.define("board-notifications-view", BoardNotificationsView);
