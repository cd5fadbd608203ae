// The card's activity, newest first, in plain words ("Ada set the due date to 3 Dec"): what was
// done to it in the web app. Follows live events.
import type { CardActivity, User } from "@org/contracts";
import { html, LitElement } from "lit";
import { activitySentence, type ActivityNames } from "../../activity-text.ts";
import { call } from "../../api.ts";
import { formatDateTime, timeAgo } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { base, panelStyles } from "../../styles.ts";
import type { ProjectData } from "../board/board-data.ts";
import { activityStyles } from "./card-discussion.styles.ts";

export class BoardCardActivity extends LitElement {
  static override styles = [base, panelStyles, activityStyles];
  static override properties = {
    cardId: {},
    data: { attribute: false },
    me: { attribute: false },
    entries: { state: true },
  };
  cardId = "";
  data!: ProjectData;
  me: User | null = null;
  entries: CardActivity[] = [];
  private stopLive?: () => void;
  private timer?: ReturnType<typeof setTimeout>;

  override connectedCallback(): void {
    super.connectedCallback();
    this.stopLive = onLiveEvent((event) => {
      // A deleted card's activity is in the trash with it: nothing to read.
      if (event.type === "card.deleted") return;
      const data = event.data as { card?: { id: string }; card_id?: string; comment?: { card_id: string } };
      if (
        data.card?.id === this.cardId ||
        data.card_id === this.cardId ||
        data.comment?.card_id === this.cardId
      ) {
        // The entry is written just after the change's event: read once things settled.
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.load(), 150);
      }
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    clearTimeout(this.timer);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("cardId")) void this.load();
  }

  /** Also called by the panel after the person changed the card. */
  async load() {
    const page = await call("list_card_activity", {
      params: { card_id: this.cardId },
      query: { limit: 50 },
    }).catch(() => null);
    if (page) this.entries = page.data;
  }

  private get names(): ActivityNames {
    const { members, columns, priorities } = this.data;
    return {
      member: (id) => members.find((member) => member.user_id === id)?.name,
      column: (id) => columns.find((column) => column.id === id)?.name,
      priority: (id) => priorities.find((rung) => rung.id === id)?.name,
      me: this.me?.id,
    };
  }

  protected override render() {
    const names = this.names;
    return html`<section class="part" aria-labelledby="activity-title">
      <h3 id="activity-title">Activity</h3>
      ${
        this.entries.length
          ? html`<ol class="list activity">
              ${this.entries.map(
                (entry) =>
                  html`<li>
                    ${activitySentence(entry, names)}
                    <span class="faint" title=${formatDateTime(entry.created_at)}
                      >· ${timeAgo(entry.created_at)}</span
                    >
                  </li>`,
              )}
            </ol>`
          : html`<p class="faint">Changes made in this app show here.</p>`
      }
    </section>`;
  }
}
customElements.define("board-card-activity", BoardCardActivity);

declare global {
  interface HTMLElementTagNameMap {
    "board-card-activity": BoardCardActivity;
  }
}
