// My cards: your work across projects (GET /me/cards): what is due soon (overdue or within a
// week), what is assigned to you, and what you hold a claim on. Cards in done columns and archived
// ones are no one's work any more and are left out. Live events of your projects refresh it.
import type { Card } from "@org/contracts";
import { html, LitElement, nothing } from "lit";
import { callAll } from "../../api.ts";
import { formatDate } from "../../format.ts";
import { onLiveEvent } from "../../live.ts";
import { base } from "../../styles.ts";
import { linkListStyles } from "../../ui/link-list.styles.ts";
import { myCardsStyles } from "./my-cards.styles.ts";

const WEEK_MS = 7 * 24 * 3600 * 1000;

interface MyCards {
  assigned: Card[];
  claimed: Card[];
  projects: Map<string, string>;
}

/** Cards due within a week (or overdue), soonest first, each once. */
export function dueSoon(cards: Card[], now = Date.now()): Card[] {
  const seen = new Map<string, Card>();
  for (const card of cards)
    if (card.due_at && new Date(card.due_at).getTime() < now + WEEK_MS) seen.set(card.id, card);
  return [...seen.values()].sort((a, b) => a.due_at!.localeCompare(b.due_at!));
}

export class BoardMyCardsView extends LitElement {
  static override styles = [base, linkListStyles, myCardsStyles];
  static override properties = { cards: { state: true }, error: { state: true } };
  cards: MyCards | null = null;
  error = "";
  private stopLive?: () => void;
  private timer?: ReturnType<typeof setTimeout>;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
    this.stopLive = onLiveEvent((event) => {
      if (!event.type.startsWith("card.")) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.load(), 200);
    });
  }

  override disconnectedCallback(): void {
    this.stopLive?.();
    clearTimeout(this.timer);
    super.disconnectedCallback();
  }

  private async load() {
    try {
      const [assigned, claimed, projects] = await Promise.all([
        callAll("list_my_cards", { query: { assigned: "true" } }),
        callAll("list_my_cards", { query: { claimed: "true" } }),
        callAll("list_projects"),
      ]);
      this.cards = { assigned, claimed, projects: new Map(projects.map((p) => [p.id, p.name])) };
      this.error = "";
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private item(card: Card, projects: Map<string, string>) {
    const due = card.due_at ? new Date(card.due_at).getTime() : null;
    const overdue = due !== null && due < Date.now();
    return html`<li>
      <a class="item" href="/app/projects/${card.project_id}/cards/${card.id}">
        <span class="title">#${card.number} ${card.title}</span>
        <span class="meta">
          <span>${projects.get(card.project_id) ?? "A project"}</span>
          ${card.due_at ? html`<span class=${overdue ? "overdue" : ""}>${overdue ? "Overdue: " : "Due "}${formatDate(card.due_at)}</span>` : nothing}
          ${card.work_phase ? html`<span>${card.work_phase}</span>` : nothing}
        </span>
      </a>
    </li>`;
  }

  private section(id: string, title: string, cards: Card[], empty: string, projects: Map<string, string>) {
    return html`<section aria-labelledby=${id}>
      <h2 id=${id}>${title} <span class="count">${cards.length}</span></h2>
      ${
        cards.length === 0
          ? html`<p class="empty">${empty}</p>`
          : html`<ol>
              ${cards.map((card) => this.item(card, projects))}
            </ol>`
      }
    </section>`;
  }

  protected override render() {
    const head = html`<div class="head">
      <h1>My cards</h1>
      <p class="muted">
        Your work in every project: cards assigned to you and cards you claimed, outside done columns.
      </p>
    </div>`;
    if (this.error)
      return html`${head}
        <p class="error" role="alert">${this.error}</p>`;
    const mine = this.cards;
    if (!mine)
      return html`${head}
        <p class="muted">Loading…</p>`;
    return html`${head}
    ${this.section("due", "Due soon", dueSoon([...mine.assigned, ...mine.claimed]), "Nothing of yours is due this week.", mine.projects)}
    ${this.section("assigned", "Assigned to you", mine.assigned, "No cards are assigned to you.", mine.projects)}
    ${this.section("claimed", "Claimed by you", mine.claimed, "You hold no claims.", mine.projects)}`;
  }
}
customElements.define("board-my-cards-view", BoardMyCardsView);
